import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import arCommon from '../../locales/ar/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { ROUTES } from '../../domain/routes';
import { type Language, registerThroughApi, signInThroughApi, signOut, useLanguage, watchForErrors } from './helpers';

const COMMON = { ar: arCommon, en: enCommon } satisfies Record<Language, unknown>;
const PHONE_WIDTHS = [360, 390];

/** How far the page reaches past the window sideways: 0 when nothing scrolls horizontally. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The direction the navigation row's fade is drawn in, or null when it has none. */
async function fadeDirection(page: Page): Promise<string | null> {
  const mask = await page.getByTestId('main-nav-row').evaluate((row) => getComputedStyle(row).maskImage);
  return /linear-gradient\(to (left|right)/.exec(mask)?.[1] ?? null;
}

let person: { email: string; password: string };

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  // A long name, as many people have: the header must not grow with it.
  person = await registerThroughApi(request, { firstName: 'Abdulrahman Mohammed', lastName: 'Al-Shamrani Al-Ghamdi' });
  await request.dispose();
});

for (const language of ['ar', 'en'] as const satisfies Language[]) {
  test(`the header fits a phone, shows that its links scroll and offers to post an ad, in ${language}`, async ({ page }) => {
    const problems = watchForErrors(page);
    const words = COMMON[language].nav;
    await useLanguage(page, language);
    await signInThroughApi(page.request, person.email, person.password);

    const expectNoOverflow = async (who: string) => {
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 760 });
        await page.goto(ROUTES.home);
        await expect(page.getByTestId(who === 'visitor' ? 'sign-in-link' : 'account-menu')).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await sidewaysOverflow(page), `${width} px, ${who}`).toBe(0);
      }
    };
    await expectNoOverflow('signed in');

    // The row of links is cut off at the end edge, which fades towards the end of the reading direction.
    const row = page.getByTestId('main-nav-row');
    const towardsEnd = language === 'ar' ? 'left' : 'right';
    await expect(row).toHaveAttribute('data-hidden-end', '');
    await expect(row).not.toHaveAttribute('data-hidden-start', '');
    expect(await fadeDirection(page)).toBe(towardsEnd);
    await row.getByRole('link', { name: words.messages }).scrollIntoViewIfNeeded();
    await expect(row).toHaveAttribute('data-hidden-start', '');
    await expect(row).not.toHaveAttribute('data-hidden-end', '');
    expect(await fadeDirection(page)).toBe(towardsEnd);

    const postAd = page.getByRole('banner').getByRole('link', { name: words.postAd });
    await expect(postAd).toBeVisible();
    await postAd.click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.createSale}$`));

    await signOut(page);
    await expectNoOverflow('visitor');
    expect(problems).toEqual([]);
  });
}
