import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../src/lib/format';
import { system } from '../../src/lib/theme';

describe('design system', () => {
  it('layers modal 1100, overlay 1000, menu 1000 and tooltip 1100 (SPEC.md section 9)', () => {
    expect(system.token('zIndex.modal')).toBe(1100);
    expect(system.token('zIndex.overlay')).toBe(1000);
    expect(system.token('zIndex.dropdown')).toBe(1000);
    expect(system.token('zIndex.tooltip')).toBe(1100);
  });

  it('formats dates mm/dd/yy and money from minor units', () => {
    expect(formatDate(new Date(2026, 10, 21, 15).getTime())).toBe('11/21/26');
    expect(formatMoney(8_500_000, 'SAR', 'en')).toMatch(/^SAR\s85,000$/);
    expect(formatMoney(750_500, 'JOD', 'en')).toMatch(/^JOD\s750\.500$/);
    expect(formatMoney(8_500_000, 'SAR', 'ar')).toMatch(/85,000/);
  });
});
