import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arErrors from '../../locales/ar/errors.json';
import { CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT, CONTACT_MESSAGES_PER_ADDRESS } from '../../server/modules/contact/submit-contact-message.route';
import { newPerson } from './helpers/auction-fixtures';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

describe(`contact messages on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
  });
  afterAll(async () => t.close());

  const outboxOf = async (recipient: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` })).json() as Array<{ channel: string; subject: string; body: string }>;
  const contactMessage = (email: string, name = 'Layla') => ({ name, email, topic: 'ADS', message: 'How do private auctions work?' });

  it('stores a valid message and acknowledges it in the sender language, by name to their own verified email', async () => {
    const layla = await newPerson(t.app, 'Layla');
    const response = await layla.browser.post('/api/contact', contactMessage(layla.email.toUpperCase()));
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const stored = await t.app.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Layla', email: layla.email, topic: 'ADS', locale: 'en', message: 'How do private auctions work?', user_id: layla.id });

    const outbox = await outboxOf(layla.email);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: 'email', subject: 'We received your message' });
    expect(outbox[0]!.body).toMatch(/^Hello \u2068Layla\u2069, thank you/);
  });

  it('acknowledges in Arabic when the sender reads Arabic, a Latin name isolated in the sentence', async () => {
    const layla = await newPerson(t.app, 'Layla', { locale: 'ar' });
    expect((await layla.browser.post('/api/contact', { name: '.Omar H', email: layla.email, topic: 'GENERAL', message: 'سؤال' })).statusCode).toBe(201);
    const [acknowledgement] = await outboxOf(layla.email);
    expect(acknowledgement).toMatchObject({ subject: 'استلمنا رسالتك' });
    expect(acknowledgement!.body).toMatch(/^مرحباً \u2068\.Omar H\u2069،/);
  });

  it('never repeats the sender’s words to an address not shown to be theirs', async () => {
    const spam = 'Win a prize at https://spam.example';
    const anonymous = await new TestBrowser(t.app).post('/api/contact', { ...contactMessage('someone@example.com', spam), message: spam });
    expect(anonymous.statusCode).toBe(201);
    // Signed in, but giving someone else's address.
    const omar = await newPerson(t.app, 'Omar');
    expect((await omar.browser.post('/api/contact', { ...contactMessage('someone.else@example.com', spam), message: spam })).statusCode).toBe(201);
    // Their own address, not verified yet.
    const huda = await newPerson(t.app, 'Huda');
    await t.app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', huda.id).execute();
    expect((await huda.browser.post('/api/contact', contactMessage(huda.email, spam))).statusCode).toBe(201);

    for (const recipient of ['someone@example.com', 'someone.else@example.com', huda.email]) {
      const [acknowledgement] = await outboxOf(recipient);
      expect(acknowledgement!.subject).toBe("A message to Souq's support team gave your email");
      expect(acknowledgement!.body).toMatch(/^Hello, a message to Souq's support team gave this email address/);
      expect(`${acknowledgement!.subject} ${acknowledgement!.body}`).not.toMatch(/prize|spam/);
    }
    await new TestBrowser(t.app, { locale: 'ar' }).post('/api/contact', contactMessage('arabic.reader@example.com', spam));
    const [arabic] = await outboxOf('arabic.reader@example.com');
    expect(arabic).toMatchObject({ subject: 'رسالة إلى فريق دعم سوق ذكرت بريدك' });
    expect(arabic!.body).not.toContain('spam');
  });

  it('limits messages from one client address, with a code and a message in the sender language', async () => {
    const sender = new TestBrowser(t.app, { ip: '198.51.100.7' });
    for (let index = 0; index < CONTACT_MESSAGES_PER_ADDRESS.limit; index++) {
      expect((await sender.post('/api/contact', contactMessage(`target-${index}@example.com`))).statusCode).toBe(201);
    }
    const refused = await sender.post('/api/contact', contactMessage('one-more@example.com'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'CONTACT_LIMIT_REACHED', message: 'Several messages have been sent recently, from here or to this email. Please try again later.' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const arabic = await sender.request('POST', '/api/contact', contactMessage('one-more@example.com'), { locale: 'ar' });
    expect(arabic.json().error.message).toBe(arErrors.CONTACT_LIMIT_REACHED);
    expect(await outboxOf('one-more@example.com')).toEqual([]);
    // A signed-in person writing from the same address is counted too.
    const neighbour = await newPerson(t.app, 'Neighbour', { ip: '198.51.100.7' });
    expect((await neighbour.browser.post('/api/contact', contactMessage(neighbour.email))).statusCode).toBe(429);

    expect((await new TestBrowser(t.app, { ip: '198.51.100.8' }).post('/api/contact', contactMessage('one-more@example.com'))).statusCode).toBe(201);
    clock.now += CONTACT_MESSAGES_PER_ADDRESS.windowMs;
    expect((await sender.post('/api/contact', contactMessage('another@example.com'))).statusCode).toBe(201);
  });

  it('limits acknowledgements to one unverified recipient from any address, but not a person writing from their own verified email', async () => {
    for (let index = 0; index < CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT.limit; index++) {
      expect((await new TestBrowser(t.app).post('/api/contact', contactMessage('victim@example.com'))).statusCode).toBe(201);
    }
    const refused = await new TestBrowser(t.app).post('/api/contact', contactMessage('Victim@Example.com'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('CONTACT_LIMIT_REACHED');
    expect(await outboxOf('victim@example.com')).toHaveLength(CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT.limit);

    // Strangers giving a signed-in person's address cannot stop that person from reaching support.
    const sara = await newPerson(t.app, 'Sara');
    for (let index = 0; index < CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT.limit; index++) await new TestBrowser(t.app).post('/api/contact', contactMessage(sara.email));
    expect((await new TestBrowser(t.app).post('/api/contact', contactMessage(sara.email))).statusCode).toBe(429);
    expect((await sara.browser.post('/api/contact', contactMessage(sara.email, 'Sara'))).statusCode).toBe(201);

    clock.now += CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT.windowMs;
    expect((await new TestBrowser(t.app).post('/api/contact', contactMessage('victim@example.com'))).statusCode).toBe(201);
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
