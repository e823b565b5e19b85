import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `npm start`, `npm test` and `npm run dev` share: run from the root, install what is missing. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Debian's headless shell of Chromium, which the end-to-end specs drive (tests/chromium.ts). */
const CHROMIUM_HEADLESS_SHELL = process.env.CHROME_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Runs a command to its end; `priority` (a nice value, below 0 only for root) is given to it and what it starts. */
export function run(command, args, { priority, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    if (priority !== undefined && child.pid) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // Not allowed to this user: the command runs at the usual priority.
      }
    }
    // A stop asked of this script (SIGTERM from a supervisor, not only Ctrl-C) reaches the server's graceful shutdown.
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', () => resolve(1));
  });
}

const SQLITE_DRIVER = path.join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

/**
 * Installs the npm packages when node_modules is missing or older than the lockfile. Resolves once
 * they are in place; `scripts` resolves (true when it worked) once their install scripts ran too:
 * mostly the SQLite driver compiling from source, which keeps one core busy, so a caller can meanwhile
 * do what needs no native module. The compile goes first where this user may say so, as what waits
 * for it waits longest.
 */
export async function installPackages() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const current = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (current && fs.existsSync(SQLITE_DRIVER)) return { scripts: Promise.resolve(true) };
  if (!current) {
    console.log('Installing npm packages…');
    if ((await run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'])) !== 0) throw new Error('npm ci failed');
  }
  console.log('Running the packages’ install scripts (better-sqlite3 compiles from source)…');
  return { scripts: run('npm', ['rebuild'], { stdio: ['ignore', 'ignore', 'inherit'], priority: -10 }).then((code) => code === 0) };
}

/** The packages and their install scripts, for what needs them all at once. */
export async function ensureDependencies() {
  if (!(await (await installPackages()).scripts)) throw new Error('npm rebuild failed');
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Chromium's headless shell for the end-to-end tests; Debian's package is installed here when missing and allowed. */
export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM_HEADLESS_SHELL)) return true;
  if (!isRoot()) {
    console.error(`Chromium's headless shell is missing at ${CHROMIUM_HEADLESS_SHELL}. Install Debian's package first: sudo apt-get install -y chromium-headless-shell`);
    return false;
  }
  console.log("Installing Debian's chromium-headless-shell for the end-to-end tests…");
  if ((await run('apt-get', ['update', '-qq'])) !== 0) return false;
  return (await run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { env: { DEBIAN_FRONTEND: 'noninteractive' } })) === 0;
}

/**
 * Builds the client when there is no build, the server's copy of it is missing (a browser-only
 * `vite build` empties dist/), or a source file is newer than it.
 */
export async function ensureClientBuild({ force = false } = {}) {
  const built = path.join(ROOT, 'dist', 'build.json');
  const fresh =
    fs.existsSync(built) &&
    fs.existsSync(path.join(ROOT, 'dist', 'server', 'entry-server.js')) &&
    !newerThan(fs.statSync(built).mtimeMs, ['src', 'domain', 'machines', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']);
  if (!force && fresh) return;
  console.log('Building the client…');
  // The browser's build, then the server's copy that renders the public pages' first view.
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0 || (await run('npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server'])) !== 0) throw new Error('client build failed');
}

function newerThan(time, entries) {
  const stack = entries.map((entry) => path.join(ROOT, entry));
  while (stack.length > 0) {
    const current = stack.pop();
    if (!fs.existsSync(current)) continue;
    const stat = fs.statSync(current);
    if (stat.isDirectory()) stack.push(...fs.readdirSync(current).map((name) => path.join(current, name)));
    else if (stat.mtimeMs > time) return true;
  }
  return false;
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
