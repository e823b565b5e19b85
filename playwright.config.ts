import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH } from './tests/chromium';

// E2E_PORT lets two checkouts run their end-to-end suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = path.join(os.tmpdir(), `marketplace-e2e-data-${PORT}`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.test-output/playwright',
  // Each spec makes its own people and ads, so specs run side by side against one server: two, since
  // the suite keeps this two-core machine's processor busy and a third worker made it no faster
  // (E2E_WORKERS sets another count).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ar-SA',
    // A failed test keeps a picture of the page as it failed. Recording a trace (each action with the
    // page's snapshot, the console, the network) costs every test processor time the suite is short
    // of, so it is recorded on asking (E2E_TRACE=1), and a failed test keeps its trace then.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // A fresh database every run, so the seeded demo data is what the tests expect.
    command: `rm -rf ${DATA_DIR} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Trusting the forwarded address lets each newcomer a spec registers come from an address of their own.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
  },
});
