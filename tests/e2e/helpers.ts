import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';

export type Language = 'ar' | 'en';

/**
 * Fails the test on any page error or console error (missing translations log one). A console error
 * ends with the address it is about (`… at http://…/api/auth/sign-in`): a refused request names its URL there.
 */
export function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} at ${message.location().url}`);
  });
  return problems;
}

export async function useLanguage(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'locale', value: language, url: 'http://127.0.0.1:3100' }]);
}

/** A state-changing API call as the page's own client makes it: with the anti-forgery token. */
export async function apiWrite(request: APIRequestContext, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  // Any answer sets the token cookie when the context has none yet.
  await request.get('/api/auth/session');
  const { cookies } = await request.storageState();
  const token = cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  return request.fetch(url, { method, data, headers: { [CSRF_HEADER]: token } });
}

export async function signInThroughApi(request: APIRequestContext, email = 'ahmed@example.com', password = 'demo1234') {
  const response = await apiWrite(request, 'POST', '/api/auth/sign-in', { method: 'email', email, password });
  expect(response.ok()).toBe(true);
}

/** The newest one-time code sent to an email or phone, read from the local outbox. */
export async function lastCodeSentTo(request: APIRequestContext, recipient: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`);
  const [message] = (await response.json()) as Array<{ body: string }>;
  const code = message?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
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
