import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '../../domain/contact';
import { estimateClockOffset, sampleOffset } from '../../domain/clock';
import { toLatinDigits } from '../../domain/digits';
import { isErrorCode } from '../../domain/errors';
import { phoneDigits } from '../../domain/fields';
import { readCookie } from '../../domain/locale';
import { isKnownPath, PAGE_MODULES, pathTo, safeRedirectPath } from '../../domain/routes';
import { slugify } from '../../domain/slug';

describe('routes', () => {
  it('knows every route of SPEC.md section 2 and nothing else', () => {
    for (const known of ['/', '/login', '/Register', '/register', '/ad/x', '/ad/draft/x', '/create-sales/public-auction', '/messages/abc', '/push-token', '/who_are_we']) {
      expect(isKnownPath(known), known).toBe(true);
    }
    for (const unknown of ['/nope', '/ad', '/ad/x/y/z', '/profile/extra']) expect(isKnownPath(unknown), unknown).toBe(false);
    expect(pathTo('ad', { slug: 'سيارة-1' })).toBe('/ad/%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9-1');
  });

  it('names, for each route, a page module that exists, each route its own', () => {
    const modules = Object.values(PAGE_MODULES);
    for (const module of modules) expect(fs.existsSync(new URL(`../../src/features/${module}.tsx`, import.meta.url)), module).toBe(true);
    expect(new Set(modules).size).toBe(modules.length);
  });

  it('only redirects within the site after sign-in', () => {
    expect(safeRedirectPath('/favorites?x=1')).toBe('/favorites?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
});

describe('clock offset', () => {
  it('corrects each sample by half its round trip and takes the median', () => {
    expect(sampleOffset({ sentAt: 1000, receivedAt: 1100, serverTime: 5050 })).toBe(4000);
    // Offsets 179_000 (first), 180_000 and 185_000 (a sample a slow network skewed): the median
    // is neither the first sample, nor the smallest, nor the mean.
    const samples = [
      { sentAt: 0, receivedAt: 100, serverTime: 179_050 },
      { sentAt: 400, receivedAt: 2400, serverTime: 186_400 },
      { sentAt: 200, receivedAt: 300, serverTime: 180_250 },
    ];
    expect(estimateClockOffset(samples)).toBe(180_000);
    expect(estimateClockOffset(samples.slice(0, 2))).toBe(182_000);
    expect(estimateClockOffset([])).toBe(0);
  });
});

describe('input normalisation', () => {
  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(toLatinDigits('٩٦٦٥٠١٢٣٤٥٦٧')).toBe('966501234567');
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('keeps Arabic letters in slugs and drops diacritics', () => {
    expect(slugify('سَيَّارة تويوتا 2021!', 'abc123')).toBe('سيارة-تويوتا-2021-abc123');
    expect(slugify('!!!', 'abc123')).toBe('abc123');
  });

  it('reports contact form problems as error codes per field', () => {
    const result = contactMessageSchema.safeParse({ name: '', email: 'x', topic: 'GENERAL', message: 'hi' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'REQUIRED'],
      ['email', 'INVALID_EMAIL'],
    ]);
    expect(contactMessageSchema.parse({ name: ' Ali ', email: 'ALI@Example.com', topic: 'ADS', message: 'm' })).toEqual({ name: 'Ali', email: 'ali@example.com', topic: 'ADS', message: 'm' });
  });
});

describe('untrusted input', () => {
  it('refuses redirects that a browser would read as another site', () => {
    expect(safeRedirectPath('/\t/evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('/\n/evil.example')).toBe('/');
  });

  it('reads a malformed cookie as absent', () => {
    expect(readCookie('locale=%E0; country=JO', 'locale')).toBeUndefined();
    expect(readCookie('locale=%E0; country=JO', 'country')).toBe('JO');
  });

  it('only knows its own error codes', () => {
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('constructor')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('stores phone numbers as international digits however they are typed', () => {
    expect(phoneDigits.parse('+966 50 123 4567')).toBe('966501234567');
    expect(phoneDigits.parse('00966-501234567')).toBe('966501234567');
    expect(phoneDigits.parse('٩٦٦٥٠١٢٣٤٥٦٧')).toBe('966501234567');
  });
});
