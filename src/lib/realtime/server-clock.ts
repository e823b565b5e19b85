import { useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '../hydration';
import { runtimeConfig } from '../runtime-config';
import { type ClockSample, estimateClockOffset } from '../../../domain/clock';
import { SOCKET_EVENTS } from '../../../domain/realtime-events';
import { SECOND_MS } from '../../../domain/timing';
import { remainingMs } from '../countdown';
import { realtimeSocket } from './socket';

const PINGS_PER_ROUND = 4;
const ROUND_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;
/** Enough for the median to shrug off a few slow round trips, few enough to follow a clock that drifts. */
const SAMPLES_KEPT = 12;

let samples: ClockSample[] = [];
let offsetMs = 0;
const listeners = new Set<() => void>();
let stopSampling: (() => void) | null = null;

/**
 * Adds one measurement of the server's clock against this one; the offset is the median over the
 * latest samples (domain/clock.ts). Any answer stamped with the server's time can be a sample.
 */
export function recordClockSample(sample: ClockSample) {
  samples = [...samples, sample].slice(-SAMPLES_KEPT);
  const next = estimateClockOffset(samples);
  if (next === offsetMs) return;
  offsetMs = next;
  listeners.forEach((listener) => listener());
}

/** One ping after another, so none waits in a queue behind the others and skews its round trip. */
async function pingRound() {
  const socket = realtimeSocket();
  for (let ping = 0; ping < PINGS_PER_ROUND && socket.connected; ping++) {
    const sentAt = Date.now();
    try {
      const reply = await socket.timeout(PING_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.CLOCK_PING);
      // Refused (the socket sent too much at once): this round has no sample; the next one will.
      if (!('serverTime' in reply)) return;
      recordClockSample({ sentAt, receivedAt: Date.now(), serverTime: reply.serverTime });
    } catch {
      // No answer in time: this round has nothing to say; the next one will.
      return;
    }
  }
}

/** Pings on every (re)connection and every half minute while anyone shows server time. */
function startSampling(): () => void {
  const socket = realtimeSocket();
  const round = () => void pingRound();
  socket.on('connect', round);
  if (socket.connected) round();
  const timer = setInterval(() => {
    if (socket.connected) round();
  }, ROUND_EVERY_MS);
  return () => {
    socket.off('connect', round);
    clearInterval(timer);
  };
}

/**
 * Calls `listener` whenever the estimate of the server's clock moves, and keeps sampling it while
 * anyone listens. Returns the unsubscribe.
 */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  stopSampling ??= startSampling();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopSampling?.();
    stopSampling = null;
  };
}

/** How far the server's clock runs ahead of this device's, in ms (negative when behind). */
function useServerClockOffset(): number {
  return useSyncExternalStore(
    onServerClockChange,
    () => offsetMs,
    () => 0,
  );
}

/** The server's time now, as this device estimates it. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * Milliseconds left until `target` in server time, never counted from before `notBefore` (a time the
 * server has already stamped), rendered again as each second of it passes: for a countdown's digits.
 */
export function useServerTimeLeft(target: number, notBefore: number): number {
  const offset = useServerClockOffset();
  const hydrated = useHydrated();
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  // Until the browser has taken over a server-rendered page, both count from the moment the server rendered it.
  const left = remainingMs(target, 0, hydrated ? Math.max(deviceNow + offset, notBefore) : (runtimeConfig().renderedAt ?? notBefore));
  useEffect(() => {
    if (left === 0) return;
    // Wakes as the shown second changes, rather than polling for it.
    const timer = setTimeout(() => setDeviceNow(Date.now()), left % SECOND_MS || SECOND_MS);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}
