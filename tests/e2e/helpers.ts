import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
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

/** The address the end-to-end server listens on (playwright.config.ts). */
export const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

export async function useLanguage(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'locale', value: language, url: E2E_ORIGIN }]);
}

/** The anti-forgery header the page's own client sends with every write (a multipart upload too). */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  // Any answer sets the token cookie when the context has none yet.
  await request.get('/api/auth/session');
  const { cookies } = await request.storageState();
  const token = cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  return { [CSRF_HEADER]: token };
}

/** A state-changing API call as the page's own client makes it: with the anti-forgery token. */
export async function apiWrite(request: APIRequestContext, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  return request.fetch(url, { method, data, headers: await csrfHeaders(request) });
}

/** A refusal a test provokes on purpose: its status and the API path that answers it (a pattern where the path holds an id). */
export interface Provoked {
  status: number;
  path: string | RegExp;
}

/**
 * Chromium logs every refused API call as a console error naming its URL. A refusal the test provokes
 * on purpose (and checks on the page) is no problem; any other console error or refusal still is.
 */
export function unexpected(problems: string[], provoked: Provoked[]): string[] {
  return problems.filter((problem) => {
    const refusal = /^console: Failed to load resource: the server responded with a status of (\d+) .* at (\S+)$/.exec(problem);
    if (!refusal) return true;
    const status = Number(refusal[1]);
    const pathname = new URL(refusal[2]!).pathname;
    return !provoked.some((expected) => expected.status === status && (typeof expected.path === 'string' ? pathname === expected.path : expected.path.test(pathname)));
  });
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
    // Names that stay Latin in Arabic text: payment brands, the README file, the file formats an
    // upload takes, the Enter key and the https:// a link starts with.
    const allowed = /^(Apple Pay|PayPal|README|JPEG|PNG|WEBP|MP4|WEBM|MPEG|PDF|Enter|https)$/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, [data-user-text], [lang]:not(html)')) continue;
      if (!element.checkVisibility()) continue;
      const text = node.textContent?.trim() ?? '';
      const words = text.match(lang === 'ar' ? /[A-Za-z][A-Za-z0-9 ]*[A-Za-z0-9]/g : /[\u0600-\u06FF]+/g) ?? [];
      for (const word of words) if (foreign.test(word) && !allowed.test(word.trim())) found.push(`${word} (in "${text.slice(0, 60)}")`);
    }
    return found;
  }, language);
}

/** Signs out from the account menu and waits for the visitor's header. */
export async function signOut(page: Page) {
  // A read of the person's own data still in flight when the session ends is rightly answered 401,
  // which Chromium logs as an error: sign out once the page has loaded what it asked for. (The
  // favourites' hearts, which a card can ask for after the sign-out, answer a visitor with none.)
  await page.waitForLoadState('networkidle');
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
}

let pictureCount = 0;

/** A small real picture, a new colour each time, so every upload is its own file. */
export async function picture(kind: 'jpeg' | 'png' = 'jpeg') {
  pictureCount += 1;
  const background = { r: (pictureCount * 53) % 256, g: (pictureCount * 97) % 256, b: (pictureCount * 31) % 256 };
  const image = sharp({ create: { width: 120, height: 90, channels: 3, background } });
  const buffer = await (kind === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name: `photo-${pictureCount}.${kind === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${kind}`, buffer };
}

/** A stored picture, sent as the browser's FormData sends it, to build an ad through the API. */
export async function uploadThroughApi(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/media', { multipart: { file: await picture() }, headers: await csrfHeaders(request) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The ids of a seeded category and one of its subcategories, by their slugs, as the ad form sends them. */
export async function categoryIds(request: APIRequestContext, slugs: [string, string]) {
  const categories = (await (await request.get('/api/categories')).json()) as Array<{ id: number; slug: string; children: Array<{ id: number; slug: string }> }>;
  const category = categories.find((candidate) => candidate.slug === slugs[0])!;
  return { categoryId: category.id, subcategoryId: category.children.find((candidate) => candidate.slug === slugs[1])!.id };
}

/** Waits for the page's requests (catalog, countries, translations) to settle, then lists foreign words. */
export async function expectAllInLanguage(page: Page, language: Language, where: string) {
  await page.waitForLoadState('networkidle');
  expect(await untranslatedText(page, language), where).toEqual([]);
}

/** The ids of the form's images in order, read from their thumbnails, and the one marked main. */
export async function formImages(page: Page): Promise<{ ids: string[]; mainId: string }> {
  const idOf = (src: string | null) => decodeURIComponent(/\/media\/([^/]+)\/thumb$/.exec(src ?? '')![1]!);
  const items = page.getByTestId('image-item');
  const ids = (await items.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')))).map(idOf);
  const mainId = idOf(await items.and(page.locator('[data-main]')).locator('img').getAttribute('src'));
  return { ids, mainId };
}

/** Who a test registers: their names, and the address and phone they sign up with. */
export interface Newcomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Sign-ups this worker made: with its process id, each one's own client address. */
let registrations = 0;

/**
 * Registers a person in Riyadh and activates the account with the code from the outbox, as the
 * registration form does; the request's context is signed in as that person afterwards. Answers
 * false, having changed nothing, when the address or phone is taken already.
 */
async function registerAndActivate(request: APIRequestContext, newcomer: Newcomer, password: string): Promise<boolean> {
  const countries = (await (await request.get('/api/countries')).json()) as Array<{ code: string; cities: Array<{ id: number; name: { en: string } }> }>;
  const cityId = countries.find((country) => country.code === 'SA')!.cities.find((city) => city.name.en === 'Riyadh')!.id;
  const registered = await request.fetch('/api/auth/register', {
    method: 'POST',
    data: { ...newcomer, country: 'SA', cityId, password, agreeToTerms: true, channel: 'email' },
    // Each newcomer signs up from an address of their own, as people do: the server limits sign-ups
    // per address, and the end-to-end server trusts the forwarded address (playwright.config.ts).
    headers: { ...(await csrfHeaders(request)), 'x-forwarded-for': `2001:db8::${(process.pid % 0xffff).toString(16)}:${(++registrations).toString(16)}` },
  });
  if (registered.status() === 409) return false;
  expect(registered.status(), await registered.text()).toBe(201);
  const { verification } = (await registered.json()) as { verification: { id: string } };
  const code = await lastCodeSentTo(request, newcomer.email);
  const verified = await apiWrite(request, 'POST', `/api/auth/verifications/${encodeURIComponent(verification.id)}/verify`, { code });
  expect(verified.status()).toBe(200);
  return true;
}

/**
 * A new person registered through the API and signed in on `request`, with the free package's ad
 * credits. The address and phone are drawn at random, drawn again in the unlikely case another
 * worker of the run drew them first, so a spec can make as many people as it needs.
 */
export async function registerThroughApi(request: APIRequestContext, names: { firstName: string; lastName: string }, password = 'newcomer-pass-1') {
  for (;;) {
    const unique = String(randomInt(10_000_000)).padStart(7, '0');
    const email = `newcomer.${unique}@example.com`;
    if (await registerAndActivate(request, { ...names, email, phone: `96659${unique}` }, password)) return { email, password };
  }
}

/**
 * Signs `request` in as a named person, registering them first unless an earlier worker of this run
 * already did: after a failed test the next one starts in a fresh worker, which runs `beforeAll` again
 * against the same server.
 */
export async function ensureRegistered(request: APIRequestContext, newcomer: Newcomer, password: string) {
  const signIn = await apiWrite(request, 'POST', '/api/auth/sign-in', { method: 'email', email: newcomer.email, password });
  if (!signIn.ok()) expect(await registerAndActivate(request, newcomer, password), `${newcomer.email} or ${newcomer.phone} is taken`).toBe(true);
}

/**
 * Publishes an ad as the ad form would send it, with one picture, offered in Saudi Arabia with free
 * shipping unless `fields` says otherwise; answers its slug.
 */
export async function publishThroughApi(request: APIRequestContext, type: string, fields: Record<string, unknown>): Promise<string> {
  const imageId = await uploadThroughApi(request);
  const response = await apiWrite(request, 'POST', '/api/ads', {
    type,
    fields: { imageIds: [imageId], mainImageId: imageId, countryCodes: ['SA'], shippingType: 'FREE', ...fields },
    publish: true,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { slug: string }).slug;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDERS = /<(\w+)>\{\{(\w+)\}\}<\/\1>|\{\{(\w+)\}\}/g;

/**
 * A message with values in it (`<amount>{{amount}}</amount>`): its own words exactly, and each value
 * as `values` says it (a text exactly, or a pattern); the whole text, or (`within`) a part of a longer one.
 */
export function messagePattern(template: string, values: Record<string, string | RegExp>, { within = false } = {}): RegExp {
  let pattern = '';
  let wordsFrom = 0;
  for (const match of template.matchAll(PLACEHOLDERS)) {
    const name = match[2] ?? match[3]!;
    const value = values[name];
    if (value === undefined) throw new Error(`no value given for {{${name}}} in “${template}”`);
    pattern += escapeRegExp(template.slice(wordsFrom, match.index)) + (typeof value === 'string' ? escapeRegExp(value) : `(?:${value.source})`);
    wordsFrom = match.index + match[0].length;
  }
  pattern += escapeRegExp(template.slice(wordsFrom));
  return new RegExp(within ? pattern : `^${pattern}$`);
}

const RIYAL_SIGNS: Record<Language, string> = { ar: 'ر.س.', en: 'SAR' };
/** Spaces and the bidi marks a formatted amount may carry around its sign. */
const AMOUNT_SPACING = '[\\s\\u200e\\u200f\\u061c]*';

/**
 * An amount in halalas as the page shows it in riyals: exactly its number, grouped in thousands with
 * Western digits in both languages (as Gulf prices are written), and the riyal's sign of the language
 * before or after it, nothing else.
 */
export function shownRiyals(halalas: number, language: Language): RegExp {
  // No digit may run on either side of it: 3,400 must not pass for 13,400 or 3,4000.
  const number = `(?<![0-9٠-٩.,])${escapeRegExp((halalas / 100).toLocaleString('en-US', { maximumFractionDigits: 2 }))}(?![0-9٠-٩]|[.,][0-9])`;
  const sign = escapeRegExp(RIYAL_SIGNS[language]);
  return new RegExp(`${AMOUNT_SPACING}(?:${sign}${AMOUNT_SPACING}${number}|${number}${AMOUNT_SPACING}${sign})${AMOUNT_SPACING}`);
}
