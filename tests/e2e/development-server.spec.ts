import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../server-process';
import { watchForErrors } from './helpers';

/**
 * `npm run dev` as a developer starts it: the server under `tsx`, the client transformed by Vite on
 * request. The suite's own server runs the build, so only this spec meets the development transform.
 */
test.describe('the development server', () => {
  test.describe.configure({ timeout: 120_000 });
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dev-'));
    server = await startServerProcess({ NODE_ENV: 'development', VITE_DEV_SERVER: 'true', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 60_000);
  });

  test.afterAll(() => {
    server?.child.kill();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('serves the client’s own modules, and the page they start takes the server’s view over', async ({ page }) => {
    const problems = watchForErrors(page);
    const entry = await page.request.get(`${server!.origin}/src/boot.ts`);
    expect(entry.status()).toBe(200);
    expect(entry.headers()['content-type']).toMatch(/javascript/);

    await page.goto(`${server!.origin}/product_list`);
    await expect(page.locator('[data-page="product-list"]')).toBeVisible();
    // Only the running app answers the switch: the server's HTML alone has no handler on it. Vite
    // transforms the modules on first request, and may reload the page once it has bundled their dependencies.
    const languageSwitch = page.getByTestId('language-switch');
    await expect(async () => {
      // Named in the language it switches to: once it names Arabic, the switch to English was heard.
      if ((await languageSwitch.getAttribute('lang')) === 'en') await languageSwitch.click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('[data-page="product-list"]')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
