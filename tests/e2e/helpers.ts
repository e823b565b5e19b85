import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type Language = 'ar' | 'en';

/** Fails the test on any page error or console error (missing translations log one). */
export function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

export async function useLanguage(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'locale', value: language, url: 'http://127.0.0.1:3100' }]);
}

export async function signInThroughApi(request: APIRequestContext, email = 'ahmed@example.com') {
  const response = await request.post('/api/auth/sign-in', { data: { method: 'email', email, password: 'demo1234' } });
  expect(response.ok()).toBe(true);
}

/**
 * Visible words that are not in the page's language: Latin words on an Arabic page, Arabic on an
 * English one. User-written text (bdi[data-user-text]) and elements in another `lang` are exempt.
 */
export async function untranslatedText(page: Page, language: Language): Promise<string[]> {
  return page.evaluate((lang) => {
    const foreign = lang === 'ar' ? /[A-Za-z]{2,}/ : /[\u0600-\u06FF]/;
    // Names that stay Latin in Arabic text: payment brands and the README file.
    const allowed = /^(Apple Pay|PayPal|README)$/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, [data-user-text], [lang]:not(html)')) continue;
      if (!element.checkVisibility()) continue;
      const text = node.textContent?.trim() ?? '';
      const words = text.match(lang === 'ar' ? /[A-Za-z][A-Za-z ]*[A-Za-z]/g : /[\u0600-\u06FF]+/g) ?? [];
      for (const word of words) if (foreign.test(word) && !allowed.test(word.trim())) found.push(`${word} (in "${text.slice(0, 60)}")`);
    }
    return found;
  }, language);
}
