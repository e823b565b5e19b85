import { expect } from '@playwright/test';
import { test } from './fixtures';
import arAuth from '../../locales/ar/auth.json' with { type: 'json' };
import enAuth from '../../locales/en/auth.json' with { type: 'json' };
import { ROUTES } from '../../domain/routes';
import { type Language, useLanguage, watchForErrors } from './helpers';

const AUTH = { ar: arAuth, en: enAuth } satisfies Record<Language, unknown>;

for (const language of ['ar', 'en'] as const satisfies Language[]) {
  test(`the words of the terms box tick it and its links open the documents, in ${language}`, async ({ page }) => {
    const problems = watchForErrors(page);
    const words = AUTH[language].register;
    await useLanguage(page, language);
    await page.goto(ROUTES.register);
    const box = page.getByRole('checkbox', { name: words.agree });
    await expect(box).not.toBeChecked();

    // A click anywhere on the sentence, its middle included, is a click on the box's label.
    await page.getByText(words.agree, { exact: true }).click();
    await expect(box).toBeChecked();
    await page.getByText(words.agree, { exact: true }).click({ position: { x: 4, y: 4 } });
    await expect(box).not.toBeChecked();
    await expect(page).toHaveURL(/\/Register$/);

    for (const [name, path] of [
      [words.termsLink, ROUTES.terms],
      [words.privacyLink, ROUTES.privacyPolicy],
    ] as const) {
      const opened = page.context().waitForEvent('page');
      await page.getByRole('link', { name, exact: true }).click();
      const documentPage = await opened;
      await expect(documentPage).toHaveURL(new RegExp(`${path}$`));
      await documentPage.close();
    }
    // Reading the documents leaves the form as it was.
    await expect(page).toHaveURL(/\/Register$/);
    await expect(box).not.toBeChecked();
    expect(problems).toEqual([]);
  });
}
