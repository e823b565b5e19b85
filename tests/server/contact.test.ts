import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

describe(`contact messages on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores a valid message and puts an acknowledgement in the outbox, in the sender language', async () => {
    const response = await new TestBrowser(t.app).post('/api/contact', { name: 'Layla', email: 'Layla@Example.com', topic: 'ADS', message: 'How do private auctions work?' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const stored = await t.app.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Layla', email: 'layla@example.com', topic: 'ADS', locale: 'en', message: 'How do private auctions work?' });

    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?recipient=layla@example.com' })).json() as Array<{ channel: string; subject: string; body: string }>;
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: 'email', subject: 'We received your message' });
    expect(outbox[0]!.body).toMatch(/^Hello Layla, thank you/);
  });

  it('acknowledges in Arabic when the sender reads Arabic', async () => {
    const response = await new TestBrowser(t.app, { locale: 'ar' }).post('/api/contact', { name: 'ليلى', email: 'layla.ar@example.com', topic: 'GENERAL', message: 'سؤال' });
    expect(response.statusCode).toBe(201);
    const [acknowledgement] = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?recipient=layla.ar@example.com' })).json() as Array<{ subject: string; body: string }>;
    expect(acknowledgement).toMatchObject({ subject: 'استلمنا رسالتك' });
    expect(acknowledgement!.body).toMatch(/^مرحباً ليلى،/);
  });

  it('refuses an incomplete message without storing anything', async () => {
    const before = await t.app.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await new TestBrowser(t.app).post('/api/contact', { name: 'Ali', email: 'ali@example.com', topic: 'NOPE', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ topic: 'VALIDATION_FAILED', message: 'REQUIRED' });
    const after = await t.app.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
