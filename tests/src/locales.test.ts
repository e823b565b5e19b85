import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const SRC_DIR = path.resolve(import.meta.dirname, '../../src');

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, value);
  return out;
}

function keysOf(locale: string): Map<string, unknown> {
  const all = new Map<string, unknown>();
  for (const file of fs.readdirSync(path.join(LOCALES_DIR, locale))) {
    const namespace = file.replace(/\.json$/, '');
    for (const [key, value] of flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8')))) all.set(`${namespace}:${key}`, value);
  }
  return all;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

describe('locales', () => {
  const arabic = keysOf('ar');
  const english = keysOf('en');

  it('has every key in both Arabic and English', () => {
    expect([...arabic.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !arabic.has(key))).toEqual([]);
  });

  it('has no empty translation and keeps the same interpolations in both languages', () => {
    for (const [key, value] of arabic) {
      expect(typeof value === 'string' && value.trim().length > 0, `ar ${key}`).toBe(true);
      const englishValue = english.get(key);
      expect(typeof englishValue === 'string' && englishValue.trim().length > 0, `en ${key}`).toBe(true);
      const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(placeholders(value), key).toEqual(placeholders(english.get(key)));
    }
  });

  it('gives the Arabic locale Arabic words', () => {
    const untranslated = [...arabic].filter(([key, value]) => typeof value === 'string' && /[a-z]{3,}/i.test(value) && !/[\u0600-\u06ff]/.test(value) && !/(switchTo\.en|phonePlaceholder)$/.test(key));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('resolves every literal key the client asks for', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC_DIR)) {
      const source = fs.readFileSync(file, 'utf8');
      // A file may use several namespaces; a bare key must be a word in one of them.
      const namespaces = [...source.matchAll(/useTranslation\('(\w+)'\)/g)].map((match) => match[1]!);
      if (/useTranslation\(\)/.test(source) || namespaces.length === 0) namespaces.push('common');
      for (const match of source.matchAll(/\bt\('([\w.:-]+)'(, \{ returnObjects: true \})?/g)) {
        const candidates = match[1]!.includes(':') ? [match[1]!] : namespaces.map((namespace) => `${namespace}:${match[1]}`);
        // A word, a plural family, or (asked for with returnObjects) a whole section.
        const isWord = (key: string) =>
          typeof arabic.get(key) === 'string' ||
          [...arabic.keys()].some((known) => known.startsWith(`${key}_`) || (match[2] !== undefined && known.startsWith(`${key}.`)));
        if (!candidates.some(isWord)) missing.push(`${path.relative(SRC_DIR, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
