import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, LOCALE_COOKIE, type Locale, DEFAULT_LOCALE, isLocale, readCookie } from '../domain/locale';
import type { ErrorCode } from '../domain/errors';
import { UPLOAD_LIMIT_MESSAGE_VALUES } from '../domain/limits';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function loadNamespace(namespace: string): Record<Locale, Record<string, unknown>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8'))]),
  ) as Record<Locale, Record<string, unknown>>;
}

/** The same words the client shows, read from locales/<lang>/. */
const ERROR_MESSAGES = loadNamespace('errors') as Record<Locale, Record<string, string>>;
const META = loadNamespace('meta') as Record<Locale, { title: string; description: string }>;
const MESSAGES = loadNamespace('messages') as Record<Locale, Record<string, { subject: string; body: string }>>;
const PAYMENTS = loadNamespace('payments') as unknown as Record<Locale, PaymentWords>;

/** The words of a receipt, as its page shows them. */
export interface PaymentWords {
  total: string;
  noVat: string;
  methods: Record<string, string>;
  receipt: Record<'title' | 'taxInvoiceTitle' | 'number' | 'vatNumber' | 'issuedAt' | 'buyer' | 'item' | 'itemLine' | 'method' | 'net' | 'vat', string>;
  /** The pages this server puts around a provider's card fields and wallet button. */
  providerForms: Record<'cardTitle' | 'name' | 'card' | 'pay' | 'working' | 'unreachable' | 'applePayTitle' | 'applePayLabel' | 'applePayChecking' | 'applePayUnavailable', string>;
}

export function paymentWords(locale: Locale): PaymentWords {
  return PAYMENTS[locale];
}

export function errorMessage(code: ErrorCode, locale: Locale): string {
  const template = ERROR_MESSAGES[locale][code] ?? ERROR_MESSAGES[locale].INTERNAL ?? code;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(UPLOAD_LIMIT_MESSAGE_VALUES[name as keyof typeof UPLOAD_LIMIT_MESSAGE_VALUES] ?? ''));
}

/** An email, SMS or WhatsApp text in the recipient's language, `{{name}}` placeholders filled in. */
export function outgoingMessage(key: string, locale: Locale, values: Record<string, string>): { subject: string; body: string } {
  const template = MESSAGES[locale][key];
  if (!template) throw new Error(`No outgoing message ${key} in locales/${locale}/messages.json`);
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  return { subject: fill(template.subject), body: fill(template.body) };
}

/** The language to write to a person in unasked: the one they last read the site in, else Arabic. */
export function localeOfPerson(stored: string | null): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function pageMeta(locale: Locale): { title: string; description: string } {
  return META[locale];
}

/** The visitor's locale: the language cookie, else the first supported Accept-Language, else Arabic. */
export function localeOfRequest(headers: { cookie?: string; 'accept-language'?: string }): Locale {
  const fromCookie = readCookie(headers.cookie, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  const accepted = headers['accept-language']?.split(',').map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase());
  return accepted?.find(isLocale) ?? DEFAULT_LOCALE;
}
