import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from '../../src/lib/countdown';

describe('countdowns in server time', () => {
  it('counts to a server deadline on a device clock that is off', () => {
    const serverNow = 1_000_000;
    // The device clock runs 5 minutes behind the server.
    const deviceAtReceipt = serverNow - 300_000;
    const offset = serverNow - deviceAtReceipt;
    expect(remainingMs(serverNow + 60_000, offset, deviceAtReceipt)).toBe(60_000);
    expect(remainingMs(serverNow + 60_000, offset, deviceAtReceipt + 45_000)).toBe(15_000);
  });

  it('never goes below zero once the moment has passed', () => {
    expect(remainingMs(10_000, 0, 10_000)).toBe(0);
    expect(remainingMs(10_000, 0, 99_999)).toBe(0);
  });

  it('reads m:ss, rounding up so 0:00 shows only at the end', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(59_000)).toBe('0:59');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
