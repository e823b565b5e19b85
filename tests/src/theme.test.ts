import fs from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from '../../src/lib/format';
import { marketplaceSystem } from '../../src/lib/theme';

const system = marketplaceSystem();

/** A colour token's light-mode value as #rrggbb, following `{colors.…}` references down to the palette. */
function lightHex(name: string): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const value = conditions ? (conditions._light ?? conditions.base)! : token.originalValue;
  const reference = /^\{(.+)\}$/.exec(value);
  if (reference) return lightHex(reference[1]!);
  return ({ white: '#ffffff', black: '#000000' } as Record<string, string>)[value] ?? value;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const CHAKRA_COMPONENTS = path.resolve('node_modules/@chakra-ui/react/dist/esm/components');

/** The Chakra components `src/` imports by value, as the folders of Chakra's build that define them. */
function chakraFoldersUsed(): Set<string> {
  const chakraIndex = fs.readFileSync(path.join(CHAKRA_COMPONENTS, 'index.js'), 'utf8');
  const folderOf = new Map<string, string>();
  for (const [, names, folder] of chakraIndex.matchAll(/export \{([^}]+)\} from '\.\/([^/]+)\//g)) {
    for (const name of names!.split(',')) folderOf.set(name.trim().split(/\s+as\s+/).pop()!, folder!);
  }
  // Compound components (Menu, Tabs…) are namespaces: `import * as ns from './menu/namespace.js'; export { ns as Menu };`.
  for (const [, namespace, folder] of chakraIndex.matchAll(/import \* as (\S+) from '\.\/([^/]+)\//g)) {
    const exported = new RegExp(`export \\{ ${namespace!.replace('$', '\\$')} as (\\w+) \\}`).exec(chakraIndex)?.[1];
    if (exported) folderOf.set(exported, folder!);
  }
  const folders = new Set<string>();
  for (const file of fs.readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name))) {
    const source = fs.readFileSync(path.join('src', file), 'utf8');
    for (const [, names] of source.matchAll(/import \{([^}]+)\} from '@chakra-ui\/react'/g)) {
      for (const name of names!.split(',').map((part) => part.trim())) {
        const folder = folderOf.get(name.split(/\s+as\s+/)[0]!);
        if (folder && !name.startsWith('type ')) folders.add(folder);
      }
    }
  }
  return folders;
}

/** The recipe keys a component folder's parts ask for, following the other Chakra components they render. */
function recipeKeysOf(folder: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(folder)) return keys;
  seen.add(folder);
  for (const file of fs.readdirSync(path.join(CHAKRA_COMPONENTS, folder)).filter((name) => name.endsWith('.js'))) {
    const source = fs.readFileSync(path.join(CHAKRA_COMPONENTS, folder, file), 'utf8');
    for (const [, key] of source.matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(key!);
    for (const [, other] of source.matchAll(/from '\.\.\/([a-z-]+)\//g)) for (const key of recipeKeysOf(other!, seen)) keys.add(key);
  }
  return keys;
}

describe('design system', () => {
  it("has the recipe of every Chakra component the marketplace uses, as Chakra's default theme does", () => {
    const missing: string[] = [];
    for (const folder of chakraFoldersUsed()) {
      for (const key of recipeKeysOf(folder)) {
        if (defaultSystem.hasRecipe(key) && !system.hasRecipe(key)) missing.push(`${folder}: ${key}`);
      }
    }
    expect(chakraFoldersUsed()).toContain('menu');
    expect(missing).toEqual([]);
  });

  it('layers modal 1100, overlay 1000, menu 1000 and tooltip 1100 (SPEC.md section 9)', () => {
    expect(system.token('zIndex.modal')).toBe(1100);
    expect(system.token('zIndex.overlay')).toBe(1000);
    expect(system.token('zIndex.dropdown')).toBe(1000);
    expect(system.token('zIndex.tooltip')).toBe(1100);
  });

  it('draws every text colour at WCAG AA contrast (4.5:1) on the surfaces it sits on', () => {
    const failures: string[] = [];
    const check = (text: string, surface: string) => {
      const ratio = contrastRatio(lightHex(`colors.${text}`), lightHex(`colors.${surface}`));
      if (ratio < 4.5) failures.push(`${text} on ${surface}: ${ratio.toFixed(2)}:1`);
    };
    for (const palette of ['gray', 'red', 'orange', 'green', 'blue', 'yellow', 'teal', 'purple', 'pink', 'cyan']) {
      // Solid buttons and badges write `contrast` on `solid`; subtle and outline ones write `fg`.
      check(`${palette}.contrast`, `${palette}.solid`);
      for (const surface of [`${palette}.subtle`, `${palette}.muted`, 'bg']) check(`${palette}.fg`, surface);
    }
    for (const text of ['fg', 'fg.muted', 'fg.subtle', 'fg.error', 'fg.warning', 'fg.success', 'fg.info']) {
      for (const surface of ['bg', 'bg.subtle', 'bg.muted', 'bg.panel']) check(text, surface);
    }
    expect(failures).toEqual([]);
  });

  it('formats dates mm/dd/yy in the time zone asked and money from minor units', () => {
    const lateEveningInLondon = Date.UTC(2026, 10, 21, 22, 30);
    expect(formatDate(lateEveningInLondon, 'Asia/Riyadh')).toBe('11/22/26');
    expect(formatDateTime(lateEveningInLondon, 'en', 'Asia/Riyadh')).toBe('11/22/26 1:30 AM');
    expect(formatDate(lateEveningInLondon, 'Europe/London')).toBe('11/21/26');
    expect(formatMoney(8_500_000, 'SAR', 'en')).toMatch(/^SAR\s85,000$/);
    expect(formatMoney(750_500, 'JOD', 'en')).toMatch(/^JOD\s750\.500$/);
    expect(formatMoney(8_500_000, 'SAR', 'ar')).toMatch(/85,000/);
  });
});
