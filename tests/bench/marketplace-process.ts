import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const STARTUP_TIMEOUT_MS = 120_000;

/**
 * The marketplace as `npm start` runs it, for benchmarks that drive real browsers: the client built
 * (again only when a source is newer), a fresh data folder seeded with the demo data, on `port`.
 */
export async function startMarketplace(port: number): Promise<{ origin: string; stop: () => void }> {
  // The build step of npm start (scripts/setup.mjs, plain JavaScript).
  const setup: { ensureClientBuild: () => Promise<void> } = await import(path.resolve('scripts/setup.mjs'));
  await setup.ensureClientBuild();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the marketplace stopped with ${server.exitCode}`);
    if (await fetch(`${origin}/api/health`).then((response) => response.ok, () => false)) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error('the marketplace did not start in time');
}

/** The first running public auction of the demo data, as a path to its page. */
export async function runningAuctionPath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/ads?kind=AUCTION&running=true`);
  const { items } = (await response.json()) as { items: Array<{ slug: string; type: string }> };
  const auction = items.find((item) => item.type === 'PUBLIC_AUCTION');
  if (!auction) throw new Error('the demo data has no running public auction');
  return `/ad/${encodeURIComponent(auction.slug)}`;
}
