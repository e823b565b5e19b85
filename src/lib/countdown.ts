import { useEffect, useState } from 'react';
import { useHydrated } from './hydration';
import { runtimeConfig } from './runtime-config';

/**
 * Milliseconds left until a moment given in server time. `offsetMs` is how far the server clock
 * runs ahead of this one (`serverNow - Date.now()` when the server's answer arrived), so a device
 * with a wrong clock still counts down to the server's deadline.
 */
export function remainingMs(targetServerMs: number, offsetMs: number, nowMs: number): number {
  return Math.max(0, targetServerMs - (nowMs + offsetMs));
}

/** `m:ss`, rounded up, so `0:00` never shows while time is still left. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(Math.max(0, ms) / 1000);
  const seconds = totalSeconds % 60;
  return `${Math.floor(totalSeconds / 60)}:${String(seconds).padStart(2, '0')}`;
}

/**
 * This device's clock, read again every `intervalMs`, so live countdowns redraw. A page the server
 * rendered first shows the server's time of rendering until the browser has taken it over.
 */
export function useNow(intervalMs: number): number {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : (runtimeConfig().renderedAt ?? now);
}
