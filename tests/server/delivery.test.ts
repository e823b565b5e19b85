import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../domain/timing';
import { queueMessage } from '../../server/modules/delivery/pending-messages';
import { eventually } from './helpers/auction-watcher';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

interface ReceivedEmail {
  envelopeTo: string[];
  contentType: string;
  to: string;
  from: string;
  subject: string;
  text: string;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`) back to text; whitespace between two of them is folding, not content. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const escaped = joined[index] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(index + 1)) : null;
    if (escaped) {
      bytes.push(parseInt(escaped[0], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Just enough MIME for the single-part text emails the product sends. */
function parseEmail(raw: string, envelopeTo: string[]): ReceivedEmail {
  const split = raw.indexOf('\r\n\r\n');
  const headerLines = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = raw.slice(split + 4);
  const transferEncoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    transferEncoding === 'base64'
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : transferEncoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    envelopeTo,
    contentType: headers.get('content-type') ?? '',
    to: decodeHeader(headers.get('to') ?? ''),
    from: decodeHeader(headers.get('from') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: text.replace(/\r\n$/, ''),
  };
}

/** A mail server on 127.0.0.1 that keeps what it receives and refuses recipients named `refused…`. */
async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS offered, so no self-signed certificate to trust.
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseEmail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((rcpt) => rcpt.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

interface ProviderRequest {
  path: string;
  authorization?: string;
  contentType?: string;
  body: unknown;
}

/** An SMS/WhatsApp provider stand-in: records each request and answers as the test says. */
async function startProviderStandIn() {
  const requests: ProviderRequest[] = [];
  const standIn = { answer: 'accept' as 'accept' | 'fail' | 'hang-up', requests };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      if (standIn.answer === 'hang-up') return request.socket.destroy();
      const status = standIn.answer === 'accept' ? 202 : 500;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(standIn.answer === 'accept' ? { id: `msg-${requests.length}` } : { error: 'insufficient credit' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    standIn,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`message delivery through providers on ${testDialect}`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let provider: Awaited<ReturnType<typeof startProviderStandIn>>;
  const clock = { now: Date.now() };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startProviderStandIn();
    t = await buildTestApp({
      now: () => clock.now,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SMTP_FROM: 'Souq <no-reply@souq.test>',
        SMS_API_URL: `${provider.baseUrl}/sms`,
        SMS_API_TOKEN: 'sms-token',
        SMS_SENDER: 'Souq',
        WHATSAPP_API_URL: `${provider.baseUrl}/whatsapp`,
        WHATSAPP_API_TOKEN: 'whatsapp-token',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await provider?.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    provider.standIn.requests.length = 0;
    provider.standIn.answer = 'accept';
  });

  const outboxCount = async () => Number((await t.app.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('sends an email over SMTP, Arabic intact, and leaves the outbox empty', async () => {
    await t.app.messages.deliver({
      channel: 'email',
      recipient: 'layla@example.com',
      subject: 'رمز التفعيل في سوق',
      body: 'رمز التفعيل الخاص بك هو 482913. تنتهي صلاحيته خلال 10 دقائق.',
    });

    expect(smtp.received).toEqual([
      {
        envelopeTo: ['layla@example.com'],
        contentType: 'text/plain; charset=utf-8',
        to: 'layla@example.com',
        from: 'Souq <no-reply@souq.test>',
        subject: 'رمز التفعيل في سوق',
        text: 'رمز التفعيل الخاص بك هو 482913. تنتهي صلاحيته خلال 10 دقائق.',
      },
    ]);
    expect(await outboxCount()).toBe(0);
  });

  it('fails with DELIVERY_FAILED when the mail server refuses; a sign-up answers 502 and leaves no account', async () => {
    await expect(
      t.app.messages.deliver({ channel: 'email', recipient: 'refused@example.com', subject: 'Hello', body: 'Hello' }),
    ).rejects.toMatchObject({ code: 'DELIVERY_FAILED', statusCode: 502 });

    const browser = new TestBrowser(t.app);
    const countries = (await browser.get('/api/countries')).json() as Array<{ code: string; cities: Array<{ id: number }> }>;
    const cityId = countries.find((country) => country.code === 'SA')!.cities[0]!.id;
    const response = await browser.post('/api/auth/register', {
      firstName: 'Omar', lastName: 'Nasser', email: 'refused.omar@example.com', phone: '966512340000', country: 'SA', cityId, password: 'secret12', agreeToTerms: true, channel: 'email',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'DELIVERY_FAILED', message: 'We could not send the code, try again or choose another way' } });
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'refused.omar@example.com').execute()).toEqual([]);
    expect(await t.app.db.selectFrom('verification_codes').select('id').execute()).toEqual([]);

    // A contact message is kept even when its acknowledgement cannot be sent: support still gets it.
    const contact = await browser.post('/api/contact', { name: 'Omar', email: 'refused.omar@example.com', topic: 'GENERAL', message: 'Hello' });
    expect(contact.statusCode).toBe(201);
    expect(smtp.received).toEqual([]);
    expect(await outboxCount()).toBe(0);
  });

  it('sends an SMS as a JSON POST with the bearer token, and fails with DELIVERY_FAILED when the provider answers 500', async () => {
    await t.app.messages.deliver({ channel: 'sms', recipient: '966512345678', subject: 'رمز التفعيل', body: 'رمز التفعيل الخاص بك هو 104729.' });
    expect(provider.standIn.requests).toEqual([
      {
        path: '/sms',
        authorization: 'Bearer sms-token',
        contentType: 'application/json',
        body: { to: '966512345678', from: 'Souq', text: 'رمز التفعيل الخاص بك هو 104729.' },
      },
    ]);

    provider.standIn.answer = 'fail';
    await expect(t.app.messages.deliver({ channel: 'sms', recipient: '966512345678', subject: 'Code', body: 'Your code is 555123.' })).rejects.toMatchObject({
      code: 'DELIVERY_FAILED',
      statusCode: 502,
    });
    expect(provider.standIn.requests).toHaveLength(2);
    expect(await outboxCount()).toBe(0);
  });

  it('sends a WhatsApp message through its own provider, and fails with DELIVERY_FAILED when the connection drops', async () => {
    await t.app.messages.deliver({ channel: 'whatsapp', recipient: '971501234567', subject: 'Code', body: 'Your Souq code is 908172.' });
    expect(provider.standIn.requests).toEqual([
      { path: '/whatsapp', authorization: 'Bearer whatsapp-token', contentType: 'application/json', body: { to: '971501234567', from: 'Souq', text: 'Your Souq code is 908172.' } },
    ]);

    provider.standIn.answer = 'hang-up';
    await expect(t.app.messages.deliver({ channel: 'whatsapp', recipient: '971501234567', subject: 'Code', body: 'Your Souq code is 111222.' })).rejects.toMatchObject({
      code: 'DELIVERY_FAILED',
    });
    expect(await outboxCount()).toBe(0);
  });

  it('delivers the registration code by email, and that code activates the account', async () => {
    const browser = new TestBrowser(t.app);
    const countries = (await browser.get('/api/countries')).json() as Array<{ code: string; cities: Array<{ id: number }> }>;
    const cityId = countries.find((country) => country.code === 'SA')!.cities[0]!.id;

    const registered = await browser.post('/api/auth/register', {
      firstName: 'Lina',
      lastName: 'Saleh',
      email: 'lina@example.com',
      phone: '966512345678',
      country: 'SA',
      cityId,
      password: 'secret12',
      agreeToTerms: true,
      channel: 'email',
    });
    expect(registered.statusCode).toBe(201);
    const { verification } = registered.json() as { verification: { id: string } };

    expect(smtp.received).toHaveLength(1);
    const [email] = smtp.received;
    expect(email!.envelopeTo).toEqual(['lina@example.com']);
    expect(email!.subject).toBe('Your Souq activation code');
    const code = /\b\d{6}\b/.exec(email!.text)?.[0];
    expect(code).toBeDefined();

    const verified = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ purpose: 'REGISTER', user: { email: 'lina@example.com' } });
    expect(await outboxCount()).toBe(0);
  });
  it('keeps a message sent unasked until its provider takes it, trying again later while it fails', async () => {
    const pending = () => t.app.db.selectFrom('pending_messages').select(['attempts', 'next_attempt_at']).where('recipient', '=', '966512345670').execute();
    provider.standIn.answer = 'fail';
    await queueMessage(t.app.db, { channel: 'sms', recipient: '966512345670', subject: 'Order', body: 'Your order was shipped.' }, clock.now);
    t.app.messages.sendSoon();
    await eventually('the first try', async () => (await pending())[0]?.attempts === 1);
    expect(provider.standIn.requests).toHaveLength(1);
    expect(await pending()).toEqual([{ attempts: 1, next_attempt_at: clock.now + MINUTE_MS }]);
    // Not due yet: left alone.
    expect(await t.app.messages.drain()).toBe(0);
    expect(provider.standIn.requests).toHaveLength(1);

    provider.standIn.answer = 'accept';
    clock.now += MINUTE_MS;
    expect(await t.app.messages.drain()).toBe(1);
    expect(provider.standIn.requests.map((request) => request.body)).toEqual([
      { to: '966512345670', from: 'Souq', text: 'Your order was shipped.' },
      { to: '966512345670', from: 'Souq', text: 'Your order was shipped.' },
    ]);
    expect(await pending()).toEqual([]);
  });
});
