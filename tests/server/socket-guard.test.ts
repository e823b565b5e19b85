import { io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '../../domain/realtime-events';
import enErrors from '../../locales/en/errors.json';
import { newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { type ClientSocket, closeOpenSockets, connectAs, eventually, placedAt } from './helpers/auction-watcher';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

afterEach(closeOpenSockets);

/** Whether a handshake sent with this Origin header (none when undefined) is let through. */
async function handshake(url: string, origin: string | undefined, transport: 'websocket' | 'polling'): Promise<'connected' | 'refused'> {
  const socket = connectSocket(url, { transports: [transport], reconnection: false, forceNew: true, extraHeaders: origin ? { origin } : {} });
  try {
    return await new Promise((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', () => resolve('refused'));
    });
  } finally {
    socket.disconnect();
  }
}

describe(`socket.io handshakes and command rates on ${testDialect}`, () => {
  let t: TestApp;
  let url: string;
  let owner: Person;
  let alice: Person;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://souq.example' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await newPerson(t.app, 'Owner');
    alice = await newPerson(t.app, 'Alice');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['websocket', 'polling'] as const)('over %s, refuses a handshake from a page on another site and accepts one from the site’s own', async (transport) => {
    expect(await handshake(url, 'https://evil.example', transport)).toBe('refused');
    expect(await handshake(url, 'https://souq.example.evil.example', transport)).toBe('refused');
    expect(await handshake(url, 'http://souq.example', transport)).toBe('refused');
    expect(await handshake(url, 'https://souq.example', transport)).toBe('connected');
    // No browser leaves Origin out of a cross-site request; a same-origin polling GET and a non-browser client do.
    expect(await handshake(url, undefined, transport)).toBe('connected');
  });

  it('takes the origins from ALLOWED_ORIGINS when set, and a loopback public address by any of its names', async () => {
    const listed = await buildTestApp({ env: { ALLOWED_ORIGINS: 'https://souq.example, https://www.souq.example/' } });
    const loopback = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3104' } });
    try {
      const listedUrl = await listed.app.listen({ port: 0, host: '127.0.0.1' });
      expect(await handshake(listedUrl, 'https://www.souq.example', 'websocket')).toBe('connected');
      expect(await handshake(listedUrl, 'https://souq.example', 'websocket')).toBe('connected');
      expect(await handshake(listedUrl, listed.app.config.publicUrl, 'websocket')).toBe('refused');

      const loopbackUrl = await loopback.app.listen({ port: 0, host: '127.0.0.1' });
      for (const origin of ['http://localhost:3104', 'http://127.0.0.1:3104', 'http://[::1]:3104']) expect(await handshake(loopbackUrl, origin, 'websocket')).toBe('connected');
      expect(await handshake(loopbackUrl, 'http://127.0.0.1:3105', 'websocket')).toBe('refused');
    } finally {
      await listed.close();
      await loopback.close();
    }
  });

  it('refuses a socket’s commands past its rate with RATE_LIMITED, and neither another socket nor what it hears is slowed', async () => {
    const limit = t.app.config.socketCommandsPerSecond;
    const ad = await newAuction(t.app, owner);
    const flooder = connectAs(url, 'locale=en');
    const watch = (socket: ClientSocket) => socket.emitWithAck(SOCKET_EVENTS.AD_WATCH, ad.id);

    const replies = await Promise.all(Array.from({ length: 50 }, () => watch(flooder)));
    expect(replies.slice(0, limit)).toEqual(Array.from({ length: limit }, () => ({ ok: true, result: null })));
    expect(replies.slice(limit)).toEqual(Array.from({ length: 50 - limit }, () => ({ ok: false, error: { code: 'RATE_LIMITED', message: enErrors.RATE_LIMITED } })));
    expect(await flooder.emitWithAck(SOCKET_EVENTS.CLOCK_PING)).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });

    // Another socket watches as usual meanwhile, and the limited one still hears its ad's changes.
    const heard: number[] = [];
    flooder.on(SOCKET_EVENTS.AUCTION_CHANGED, (change) => heard.push(change.auction.seq));
    const other = connectAs(url, alice.cookie);
    expect(await watch(other)).toEqual({ ok: true, result: null });
    const placed = await placedAt(url, alice.cookie, ad, 15_000);
    await eventually('the limited socket hears the bid', () => heard.includes(placed.auction.seq));

    // The next second, the flooding socket may command again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await watch(flooder)).toEqual({ ok: true, result: null });
  });
});
