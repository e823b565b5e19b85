import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from '../../src/lib/format';
import { system } from '../../src/lib/theme';

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

describe('design system', () => {
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
