import { test as base, type Page } from '@playwright/test';
import { APP_RUNNING_ATTRIBUTE } from '../../domain/runtime-config';

/**
 * A server-rendered page paints before its scripts run and answers no tap until the app has taken it
 * over. Resolves once the app runs the page, as a person sees it respond.
 */
export async function appRunning(page: Page): Promise<void> {
  await page.locator(`html[${APP_RUNNING_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}

/**
 * Playwright's `test`, whose `page` waits after each `goto` and `reload` of a page of the app until the
 * app runs it, so a spec acts on the page the way a person can.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const untilAppRunning = async (response: Awaited<ReturnType<Page['goto']>>) => {
      if (response?.headers()['content-type']?.startsWith('text/html')) await appRunning(page);
      return response;
    };
    page.goto = async (url, options) => untilAppRunning(await goto(url, options));
    page.reload = async (options) => untilAppRunning(await reload(options));
    await use(page);
  },
});
