import { expect } from '@playwright/test';
import { test } from './fixtures';
import arAccount from '../../locales/ar/account.json' with { type: 'json' };
import enAccount from '../../locales/en/account.json' with { type: 'json' };
import { ROUTES } from '../../domain/routes';
import { type Language, registerThroughApi, signInThroughApi, useLanguage, watchForErrors } from './helpers';

const ACCOUNT = { ar: arAccount, en: enAccount } satisfies Record<Language, unknown>;

let person: { email: string; password: string };

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  person = await registerThroughApi(request, { firstName: 'Hala', lastName: 'Mansour' });
  await request.dispose();
});

for (const language of ['ar', 'en'] as const satisfies Language[]) {
  test(`saving the personal details says so, where the person is, in ${language}`, async ({ page }) => {
    const problems = watchForErrors(page);
    const words = ACCOUNT[language].profile.details;
    await useLanguage(page, language);
    await page.setViewportSize({ width: 390, height: 700 });
    await signInThroughApi(page.request, person.email, person.password);

    await page.goto(ROUTES.profile);
    await page.getByRole('button', { name: words.edit, exact: true }).click();
    await page.getByLabel(words.about).fill(`Handmade pottery from Riyadh (${language}).`);
    await page.getByRole('button', { name: words.save, exact: true }).click();

    // The form closes; the confirmation takes the focus its button had, so it is seen and heard.
    const confirmation = page.getByRole('status').filter({ hasText: words.saved });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toBeInViewport();
    await expect(page.getByTestId('profile-about')).toHaveText(`Handmade pottery from Riyadh (${language}).`);
    expect(problems).toEqual([]);
  });
}
