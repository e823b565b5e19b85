import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The marketplace's server in a process of its own, as `npm start` and `npm run dev` run it. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/**
 * Starts `server/main.ts` under `tsx` with `settings` over this process's environment (never its
 * `DATABASE_URL`: each caller says which database it means), and resolves once the server says it is
 * ready, with the origin it listens on. A server not ready in time is stopped.
 */
export async function startServerProcess(settings: Record<string, string>, readyWithinMs: number): Promise<ServerProcess> {
  const { DATABASE_URL: _inheritedDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: { ...inherited, ...settings }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const tooSlow = setTimeout(() => {
      child.kill();
      reject(new Error(`the server was not ready within ${readyWithinMs} ms:\n${output}`));
    }, readyWithinMs);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Marketplace ready at http:\/\/localhost:(\d+)/.exec(output);
      if (!ready) return;
      clearTimeout(tooSlow);
      resolve(`http://127.0.0.1:${ready[1]}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(tooSlow);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  return { origin, child, exited };
}
