import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS, CODE_MAX_SENDS, CODE_RESEND_COOLDOWN_MS, CODE_TTL_MS, RESET_TOKEN_TTL_MS, type RegisterInput, type Verification } from '../../domain/account';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

describe(`accounts on ${testDialect}: registration, codes, recovery, profile, deletion`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
  let riyadhId: number;
  let ammanId: number;
  let phoneSerial = 0;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
    const cities = await t.app.db.selectFrom('cities').select(['id', 'country_code', 'name_en']).execute();
    riyadhId = cities.find((city) => city.name_en === 'Riyadh')!.id;
    ammanId = cities.find((city) => city.country_code === 'JO')!.id;
  });
  afterAll(async () => t.close());

  /** A fresh, valid Saudi mobile number for each new person. */
  const newPhone = () => `9665${String(10_000_000 + ++phoneSerial * 7919).slice(0, 8)}`;

  const validRegistration = (overrides: Partial<RegisterInput> = {}): RegisterInput => ({
    firstName: 'Lina',
    lastName: 'Saleh',
    email: `lina${++phoneSerial}@example.com`,
    phone: newPhone(),
    country: 'SA',
    cityId: riyadhId,
    password: 'secret12',
    agreeToTerms: true,
    channel: 'email',
    ...overrides,
  });

  /** The newest code sent to a recipient, read back from the local outbox. */
  async function lastCodeFor(recipient: string): Promise<{ code: string; channel: string; subject: string; body: string }> {
    const [message] = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=1` })).json() as Array<{ channel: string; subject: string; body: string }>;
    if (!message) throw new Error(`no message to ${recipient}`);
    const code = message.body.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code in ${message.body}`);
    return { ...message, code };
  }

  const countUsers = async () => Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  async function registerAndVerify(browser: TestBrowser, overrides: Partial<RegisterInput> = {}) {
    const input = validRegistration(overrides);
    const registered = await browser.post('/api/auth/register', input);
    expect(registered.statusCode).toBe(201);
    const { verification } = registered.json() as { verification: Verification };
    const { code } = await lastCodeFor(input.channel === 'email' ? input.email : input.phone);
    const verified = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code });
    expect(verified.statusCode).toBe(200);
    // The outbox lists messages newest first by time: the next message must not share this millisecond.
    clock.now += 1;
    return { input, user: verified.json().user as { id: string; email: string } };
  }

  describe('registration', () => {
    it('refuses each invalid field with its own message and writes nothing', async () => {
      const before = await countUsers();
      const browser = new TestBrowser(t.app);
      const cases: Array<[Partial<Record<keyof RegisterInput, unknown>>, string, string]> = [
        [{ firstName: '  ' }, 'firstName', 'REQUIRED'],
        [{ lastName: undefined }, 'lastName', 'REQUIRED'],
        [{ email: '' }, 'email', 'REQUIRED'],
        [{ email: 'lina-at-example' }, 'email', 'INVALID_EMAIL'],
        [{ password: '' }, 'password', 'REQUIRED'],
        [{ password: '12345' }, 'password', 'PASSWORD_TOO_SHORT'],
        [{ phone: '' }, 'phone', 'REQUIRED'],
        [{ phone: '9665O1234567' }, 'phone', 'PHONE_DIGITS_ONLY'],
        [{ phone: '96650123' }, 'phone', 'PHONE_LENGTH'],
        [{ phone: '966501234567890' }, 'phone', 'PHONE_LENGTH'],
        [{ phone: '966001234567' }, 'phone', 'PHONE_INVALID'],
        [{ agreeToTerms: false }, 'agreeToTerms', 'TERMS_NOT_AGREED'],
        [{ agreeToTerms: undefined }, 'agreeToTerms', 'TERMS_NOT_AGREED'],
      ];
      for (const [override, field, code] of cases) {
        const response = await browser.post('/api/auth/register', { ...validRegistration(), ...override });
        expect(response.statusCode, `${field} ${code}`).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        expect(response.json().error.fields[field], `${field}`).toBe(code);
      }
      const messages = (await browser.post('/api/auth/register', { ...validRegistration(), password: '1', phone: 'abc', agreeToTerms: false })).json().error;
      expect(messages.message).toBe('There are some errors, please try again');

      const wrongCity = await browser.post('/api/auth/register', validRegistration({ cityId: ammanId }));
      expect(wrongCity.json()).toEqual({ error: { code: 'CITY_NOT_IN_COUNTRY', message: 'Choose a city in the chosen country', fields: { cityId: 'CITY_NOT_IN_COUNTRY' } } });
      expect(await countUsers()).toBe(before);
    });

    it('says a used phone has already been used, in both languages, and a used email too', async () => {
      const english = await new TestBrowser(t.app).post('/api/auth/register', validRegistration({ phone: '+966 50 123 4567' }));
      expect(english.statusCode).toBe(409);
      expect(english.json()).toEqual({ error: { code: 'PHONE_TAKEN', message: 'This number has already been used', fields: { phone: 'PHONE_TAKEN' } } });
      const arabic = await new TestBrowser(t.app, { locale: 'ar' }).post('/api/auth/register', validRegistration({ phone: '٩٦٦٥٠١٢٣٤٥٦٧' }));
      expect(arabic.json().error.message).toBe('هذا الرقم مستخدم من قبل');
      const email = await new TestBrowser(t.app).post('/api/auth/register', validRegistration({ email: 'Sara@Example.com' }));
      expect(email.json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'EMAIL_TAKEN' } });
    });

    it('creates an inactive account with the free package, and activates it with the emailed code', async () => {
      const browser = new TestBrowser(t.app);
      const input = validRegistration({ phone: '٩٦٦٥٣٣٣٣٢٢١١' });
      const registered = await browser.post('/api/auth/register', input);
      expect(registered.statusCode).toBe(201);
      const { verification } = registered.json() as { verification: Verification };
      expect(verification).toMatchObject({ purpose: 'REGISTER', channel: 'email', attemptsLeft: CODE_MAX_ATTEMPTS, expiresAt: clock.now + CODE_TTL_MS, serverNow: clock.now });
      expect(verification.destination).toBe(`l***@example.com`);
      expect(browser.cookies.has('sid')).toBe(false);

      const user = await t.app.db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ phone: '966533332211', verified_at: null, first_name: 'Lina' });
      const subscriptions = await t.app.db.selectFrom('subscriptions').innerJoin('subscription_packages', 'subscription_packages.id', 'subscriptions.package_id').selectAll().where('user_id', '=', user.id).execute();
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({ status: 'ACTIVE', is_free: 1, price: 0, ends_at: null });

      // Until the code is entered, the right password only leads back to a code: within the resend
      // cooldown the one already sent, after it a fresh one.
      const tooEarly = await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: input.password });
      expect(tooEarly.json()).toEqual({ verification: { ...verification, serverNow: clock.now } });
      const sent = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(input.email)}` })).json() as unknown[];
      expect(sent).toHaveLength(1);
      clock.now += CODE_RESEND_COOLDOWN_MS;
      const early = await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: input.password });
      expect(early.statusCode).toBe(200);
      expect(early.json().verification).toMatchObject({ purpose: 'REGISTER', channel: 'email' });
      expect(early.json().verification.id).not.toBe(verification.id);
      expect(early.json().user).toBeUndefined();

      const message = await lastCodeFor(input.email);
      expect(message.subject).toBe('Your Souq activation code');
      const fresh = early.json().verification as Verification;
      const wrongDigit = String((Number(message.code[0]) + 1) % 10);
      const wrong = await browser.post(`/api/auth/verifications/${fresh.id}/verify`, { code: `${wrongDigit}${message.code.slice(1)}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: { code: 'INCORRECT_CODE', message: 'The activation code entered is incorrect, enter it again', fields: { code: 'INCORRECT_CODE' } } });
      expect((await browser.get(`/api/auth/verifications/${fresh.id}`)).json().attemptsLeft).toBe(CODE_MAX_ATTEMPTS - 1);
      // The first verification was replaced by the fresh one.
      expect((await browser.get(`/api/auth/verifications/${verification.id}`)).statusCode).toBe(404);

      const arabicDigits = message.code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
      const verified = await browser.post(`/api/auth/verifications/${fresh.id}/verify`, { code: arabicDigits });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ purpose: 'REGISTER', user: { email: input.email, fullName: 'Lina Saleh' } });
      expect((await browser.get('/api/auth/session')).json().user.email).toBe(input.email);
      // A used code is gone.
      expect((await browser.post(`/api/auth/verifications/${fresh.id}/verify`, { code: message.code })).statusCode).toBe(404);
      expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: input.password })).json().user.email).toBe(input.email);
    });

    it('sends the code by SMS or WhatsApp when chosen, in the visitor language', async () => {
      for (const channel of ['sms', 'whatsapp'] as const) {
        const browser = new TestBrowser(t.app, { locale: 'ar' });
        const input = validRegistration({ channel });
        const { verification } = (await browser.post('/api/auth/register', input)).json() as { verification: Verification };
        expect(verification.channel).toBe(channel);
        expect(verification.destination).toBe(`+${input.phone.slice(0, 3)}••••••${input.phone.slice(-3)}`);
        const message = await lastCodeFor(input.phone);
        expect(message.channel).toBe(channel);
        expect(message.body).toContain('رمز تفعيل حسابك في سوق هو');
        expect((await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: message.code })).statusCode).toBe(200);
      }
    });

    it('expires codes, enforces the resend cooldown and limits wrong attempts', async () => {
      const browser = new TestBrowser(t.app);
      const input = validRegistration();
      const { verification } = (await browser.post('/api/auth/register', input)).json() as { verification: Verification };
      const first = await lastCodeFor(input.email);

      const tooSoon = await browser.post(`/api/auth/verifications/${verification.id}/resend`);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().error.code).toBe('RESEND_COOLDOWN');
      expect(Number(tooSoon.headers['retry-after'])).toBe(CODE_RESEND_COOLDOWN_MS / 1000);

      clock.now += CODE_TTL_MS;
      const expired = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: first.code });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toMatchObject({ code: 'CODE_EXPIRED', message: 'This code has expired, send a new one' });

      const resent = await browser.post(`/api/auth/verifications/${verification.id}/resend`);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ id: verification.id, attemptsLeft: CODE_MAX_ATTEMPTS, resendAvailableAt: clock.now + CODE_RESEND_COOLDOWN_MS });
      const second = await lastCodeFor(input.email);
      expect(second.code).not.toBe(first.code);

      const wrongCode = second.code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
        expect((await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: wrongCode })).json().error.code).toBe('INCORRECT_CODE');
      }
      const last = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: wrongCode });
      expect(last.statusCode).toBe(429);
      expect(last.json().error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
      // Even the right code is refused now: a new one must be sent.
      expect((await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: second.code })).json().error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
      expect((await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: '12' })).json().error.fields).toEqual({ code: 'INCORRECT_CODE' });
    });

    it('lets a new sign-up take over an address held by an account never verified', async () => {
      const abandoned = validRegistration();
      await new TestBrowser(t.app).post('/api/auth/register', abandoned);
      clock.now += 1;
      const { user } = await registerAndVerify(new TestBrowser(t.app), { email: abandoned.email, phone: abandoned.phone, firstName: 'Huda' });
      expect(user.email).toBe(abandoned.email);
      expect(await t.app.db.selectFrom('users').select('first_name').where('email', '=', abandoned.email).execute()).toEqual([{ first_name: 'Huda' }]);
    });

    it('limits sign-ups from one address', async () => {
      const browser = new TestBrowser(t.app, { ip: '198.51.100.9' });
      for (let attempt = 0; attempt < 10; attempt++) expect((await browser.post('/api/auth/register', validRegistration())).statusCode).toBe(201);
      expect((await browser.post('/api/auth/register', validRegistration())).json().error.code).toBe('RATE_LIMITED');
    });
  });

  describe('codes under attack', () => {
    it('lets a burst of parallel guesses make no more comparisons than the attempts allow', async () => {
      const browser = new TestBrowser(t.app);
      const input = validRegistration();
      const { verification } = (await browser.post('/api/auth/register', input)).json() as { verification: Verification };
      const { code } = await lastCodeFor(input.email);
      const wrongCodes = Array.from({ length: 40 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all([...wrongCodes, code].map((guess) => browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: guess })));
      const compared = answers.filter((answer) => answer.statusCode === 200 || answer.json().error?.code === 'INCORRECT_CODE');
      expect(compared.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
      expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    });

    it('caps the codes one verification sends, since each resend grants fresh attempts', async () => {
      const browser = new TestBrowser(t.app);
      const input = validRegistration();
      const { verification } = (await browser.post('/api/auth/register', input)).json() as { verification: Verification };
      for (let send = 1; send < CODE_MAX_SENDS; send++) {
        clock.now += CODE_RESEND_COOLDOWN_MS;
        expect((await browser.post(`/api/auth/verifications/${verification.id}/resend`)).statusCode).toBe(200);
      }
      clock.now += CODE_RESEND_COOLDOWN_MS;
      const capped = await browser.post(`/api/auth/verifications/${verification.id}/resend`);
      expect(capped.statusCode).toBe(429);
      expect(capped.json().error).toMatchObject({ code: 'CODE_SEND_LIMIT', message: 'You have asked for too many codes for this, start again in a while' });
    });

    it('answers a race for the same address with a refusal, never a server error', async () => {
      for (let round = 0; round < 10; round++) {
        const input = validRegistration();
        const answers = await Promise.all(Array.from({ length: 4 }, () => new TestBrowser(t.app).post('/api/auth/register', input)));
        expect(answers.map((answer) => (answer.statusCode === 201 || answer.statusCode === 409 ? 'refused or made' : answer.body))).toEqual(Array(4).fill('refused or made'));
        expect(await t.app.db.selectFrom('users').select('id').where('email', '=', input.email).execute()).toHaveLength(1);
      }
    });
  });

  describe('password recovery', () => {
    it('names an unknown email or phone with the messages of the catalogue', async () => {
      const browser = new TestBrowser(t.app);
      const email = await browser.post('/api/auth/recovery', { method: 'email', email: 'nobody@example.com' });
      expect(email.statusCode).toBe(404);
      expect(email.json().error).toMatchObject({ code: 'EMAIL_NOT_FOUND', message: 'This email not found' });
      const phone = await browser.post('/api/auth/recovery', { method: 'phone', phone: '966590000001', channel: 'sms' });
      expect(phone.json().error).toMatchObject({ code: 'USER_NOT_FOUND', message: 'This user does not exist' });
      const arabic = await new TestBrowser(t.app, { locale: 'ar' }).post('/api/auth/recovery', { method: 'email', email: 'nobody@example.com' });
      expect(arabic.json().error.message).toBe('هذا البريد الإلكتروني غير موجود');
    });

    it('resets a password with the code, ends every other session, and spends the reset once', async () => {
      const { input } = await registerAndVerify(new TestBrowser(t.app));
      const otherDevice = new TestBrowser(t.app);
      await otherDevice.signIn(input.email, input.password);

      const browser = new TestBrowser(t.app);
      const started = await browser.post('/api/auth/recovery', { method: 'phone', phone: input.phone, channel: 'whatsapp' });
      expect(started.statusCode).toBe(201);
      const { verification } = started.json() as { verification: Verification };
      expect(verification).toMatchObject({ purpose: 'RECOVER', channel: 'whatsapp' });
      const { code, channel } = await lastCodeFor(input.phone);
      expect(channel).toBe('whatsapp');
      const verified = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code });
      expect(verified.json().purpose).toBe('RECOVER');
      const { resetToken } = verified.json() as { resetToken: string };
      expect(browser.cookies.has('sid')).toBe(false);

      expect((await browser.post('/api/auth/recovery/reset', { resetToken, password: '123' })).json().error.fields).toEqual({ password: 'PASSWORD_TOO_SHORT' });
      const reset = await browser.post('/api/auth/recovery/reset', { resetToken, password: 'brand-new-1' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().user.email).toBe(input.email);
      expect((await browser.get('/api/auth/session')).json().user.email).toBe(input.email);
      expect((await otherDevice.get('/api/auth/session')).json().user).toBeNull();

      const again = await browser.post('/api/auth/recovery/reset', { resetToken, password: 'another-one' });
      expect(again.statusCode).toBe(410);
      expect(again.json().error.code).toBe('RESET_EXPIRED');
      expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: input.password })).statusCode).toBe(401);
      expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: 'brand-new-1' })).statusCode).toBe(200);
    });

    it('lets a reset token lapse', async () => {
      const { input } = await registerAndVerify(new TestBrowser(t.app));
      const browser = new TestBrowser(t.app);
      const { verification } = (await browser.post('/api/auth/recovery', { method: 'email', email: input.email })).json() as { verification: Verification };
      const { resetToken } = (await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code: (await lastCodeFor(input.email)).code })).json() as { resetToken: string };
      clock.now += RESET_TOKEN_TTL_MS;
      expect((await browser.post('/api/auth/recovery/reset', { resetToken, password: 'brand-new-1' })).json().error.code).toBe('RESET_EXPIRED');
    });
  });

  describe('recovery limits and revocation', () => {
    it('limits recovery codes per account, from any address', async () => {
      const { input } = await registerAndVerify(new TestBrowser(t.app));
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await new TestBrowser(t.app).post('/api/auth/recovery', { method: 'email', email: input.email })).statusCode).toBe(201);
        clock.now += CODE_RESEND_COOLDOWN_MS;
      }
      const limited = await new TestBrowser(t.app).post('/api/auth/recovery', { method: 'email', email: input.email });
      expect(limited.json().error.code).toBe('RATE_LIMITED');
    });

    it('ends an open reset when the password changes or another reset is made', async () => {
      const browser = new TestBrowser(t.app);
      const { input } = await registerAndVerify(browser);
      const openReset = async () => {
        const recovering = new TestBrowser(t.app);
        const { verification } = (await recovering.post('/api/auth/recovery', { method: 'email', email: input.email })).json() as { verification: Verification };
        const { code } = await lastCodeFor(input.email);
        clock.now += CODE_RESEND_COOLDOWN_MS;
        return ((await recovering.post(`/api/auth/verifications/${verification.id}/verify`, { code })).json() as { resetToken: string }).resetToken;
      };
      const beforeChange = await openReset();
      expect((await browser.post('/api/me/password', { currentPassword: input.password, newPassword: 'changed-by-owner' })).statusCode).toBe(204);
      expect((await new TestBrowser(t.app).post('/api/auth/recovery/reset', { resetToken: beforeChange, password: 'taken-over' })).json().error.code).toBe('RESET_EXPIRED');

      const first = await openReset();
      const second = await openReset();
      expect((await new TestBrowser(t.app).post('/api/auth/recovery/reset', { resetToken: second, password: 'owner-again-1' })).statusCode).toBe(200);
      expect((await new TestBrowser(t.app).post('/api/auth/recovery/reset', { resetToken: first, password: 'taken-over' })).json().error.code).toBe('RESET_EXPIRED');
    });
  });

  describe('profile', () => {
    it('is only for the signed-in person', async () => {
      const visitor = new TestBrowser(t.app);
      expect((await visitor.get('/api/me/profile')).statusCode).toBe(401);
      expect((await visitor.request('PUT', '/api/me/profile', { firstName: 'X', lastName: 'Y', country: 'SA', cityId: riyadhId, about: '' })).statusCode).toBe(401);
      expect((await visitor.delete('/api/me')).statusCode).toBe(401);
      expect((await visitor.post('/api/me/password', { currentPassword: 'a', newPassword: 'abcdef' })).statusCode).toBe(401);
    });

    it('shows and edits the profile, refusing bad fields', async () => {
      const browser = new TestBrowser(t.app);
      const registeredAt = clock.now;
      const { input, user } = await registerAndVerify(browser);
      const profile = (await browser.get('/api/me/profile')).json();
      expect(profile).toEqual({
        id: user.id,
        slug: expect.any(String),
        firstName: 'Lina',
        lastName: 'Saleh',
        fullName: 'Lina Saleh',
        email: input.email,
        phone: input.phone,
        country: 'SA',
        cityId: riyadhId,
        about: '',
        joinedAt: registeredAt,
      });

      const invalid = await browser.request('PUT', '/api/me/profile', { firstName: '', lastName: 'Saleh', country: 'JO', cityId: riyadhId, about: 'x' });
      expect(invalid.json().error.fields).toEqual({ firstName: 'REQUIRED' });
      const wrongCity = await browser.request('PUT', '/api/me/profile', { firstName: 'Lina', lastName: 'Saleh', country: 'JO', cityId: riyadhId, about: 'x' });
      expect(wrongCity.json().error.code).toBe('CITY_NOT_IN_COUNTRY');
      // Past a 32-bit integer column: refused as a field, not failed by PostgreSQL.
      const outOfRangeCity = await browser.request('PUT', '/api/me/profile', { firstName: 'Lina', lastName: 'Saleh', country: 'SA', cityId: 2 ** 31, about: 'x' });
      expect([outOfRangeCity.statusCode, outOfRangeCity.json().error.fields]).toEqual([400, { cityId: 'REQUIRED' }]);

      const updated = await browser.request('PUT', '/api/me/profile', { firstName: 'لينا', lastName: 'صالح', country: 'JO', cityId: ammanId, about: 'أبيع الكتب المستعملة' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ fullName: 'لينا صالح', country: 'JO', cityId: ammanId, about: 'أبيع الكتب المستعملة', email: input.email });
      expect((await browser.get('/api/auth/session')).json().user.fullName).toBe('لينا صالح');
    });

    it('changes email and phone only once the code sent to the new address is entered', async () => {
      const browser = new TestBrowser(t.app);
      const { input } = await registerAndVerify(browser);
      const newEmail = `renamed${++phoneSerial}@example.com`;

      expect((await browser.post('/api/me/contact', { kind: 'email', email: 'sara@example.com' })).json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'EMAIL_TAKEN' } });
      expect((await browser.post('/api/me/contact', { kind: 'phone', phone: '966551234567', channel: 'sms' })).json().error.code).toBe('PHONE_TAKEN');
      expect((await browser.post('/api/me/contact', { kind: 'phone', phone: '12', channel: 'sms' })).json().error.fields).toEqual({ phone: 'PHONE_LENGTH' });

      const started = await browser.post('/api/me/contact', { kind: 'email', email: newEmail });
      expect(started.statusCode).toBe(201);
      const { verification } = started.json() as { verification: Verification };
      expect(verification.purpose).toBe('CHANGE_EMAIL');
      const { code, subject } = await lastCodeFor(newEmail);
      expect(subject).toBe('Confirm your new email on Souq');
      expect((await browser.get('/api/me/profile')).json().email).toBe(input.email);

      // Someone else holding the code cannot use it from their own account.
      const stranger = new TestBrowser(t.app);
      await stranger.signIn('omar@example.com');
      expect((await stranger.post(`/api/auth/verifications/${verification.id}/verify`, { code })).statusCode).toBe(403);
      expect((await new TestBrowser(t.app).post(`/api/auth/verifications/${verification.id}/verify`, { code })).statusCode).toBe(401);

      const verified = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code });
      expect(verified.json()).toMatchObject({ purpose: 'CHANGE_EMAIL', user: { email: newEmail } });
      expect((await browser.get('/api/me/profile')).json().email).toBe(newEmail);
      expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: newEmail, password: input.password })).statusCode).toBe(200);

      const newPhone = '962781234599';
      const phoneChange = (await browser.post('/api/me/contact', { kind: 'phone', phone: newPhone, channel: 'whatsapp' })).json() as { verification: Verification };
      const phoneCode = await lastCodeFor(newPhone);
      expect(phoneCode.channel).toBe('whatsapp');
      expect((await browser.post(`/api/auth/verifications/${phoneChange.verification.id}/verify`, { code: phoneCode.code })).json().purpose).toBe('CHANGE_PHONE');
      expect((await browser.get('/api/me/profile')).json().phone).toBe(newPhone);
    });

    it('changes the password with the current one and ends the other sessions', async () => {
      const browser = new TestBrowser(t.app);
      const { input } = await registerAndVerify(browser);
      const otherDevice = new TestBrowser(t.app);
      await otherDevice.signIn(input.email, input.password);

      const wrong = await browser.post('/api/me/password', { currentPassword: 'not-it', newPassword: 'changed-1' });
      expect(wrong.json()).toEqual({ error: { code: 'INCORRECT_CURRENT_PASSWORD', message: 'The current password is incorrect', fields: { currentPassword: 'INCORRECT_CURRENT_PASSWORD' } } });
      expect((await browser.post('/api/me/password', { currentPassword: input.password, newPassword: '12345' })).json().error.fields).toEqual({ newPassword: 'PASSWORD_TOO_SHORT' });

      expect((await browser.post('/api/me/password', { currentPassword: input.password, newPassword: 'changed-1' })).statusCode).toBe(204);
      expect((await browser.get('/api/auth/session')).json().user).not.toBeNull();
      expect((await otherDevice.get('/api/auth/session')).json().user).toBeNull();
      expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: 'changed-1' })).statusCode).toBe(200);
    });
  });

  describe('contact change limits', () => {
    it('does not disturb someone else\'s sign-up in progress, and limits codes to new addresses', async () => {
      const pending = validRegistration();
      const newcomer = new TestBrowser(t.app);
      const { verification } = (await newcomer.post('/api/auth/register', pending)).json() as { verification: Verification };
      const { code } = await lastCodeFor(pending.email);

      const browser = new TestBrowser(t.app);
      await registerAndVerify(browser);
      expect((await browser.post('/api/me/contact', { kind: 'email', email: pending.email })).statusCode).toBe(201);
      // The newcomer's account and code are still there.
      expect((await newcomer.post(`/api/auth/verifications/${verification.id}/verify`, { code })).statusCode).toBe(200);

      for (let attempt = 1; attempt < 5; attempt++) expect((await browser.post('/api/me/contact', { kind: 'email', email: `next${attempt}-${phoneSerial}@example.com` })).statusCode).toBe(201);
      expect((await browser.post('/api/me/contact', { kind: 'email', email: `one-too-many-${phoneSerial}@example.com` })).json().error.code).toBe('RATE_LIMITED');
    });

    it('limits guesses of the current password', async () => {
      const browser = new TestBrowser(t.app);
      const { input } = await registerAndVerify(browser);
      for (let attempt = 0; attempt < 5; attempt++) expect((await browser.post('/api/me/password', { currentPassword: `guess-${attempt}`, newPassword: 'whatever-1' })).statusCode).toBe(400);
      expect((await browser.post('/api/me/password', { currentPassword: input.password, newPassword: 'whatever-1' })).statusCode).toBe(429);
    });
  });

  describe('account deletion', () => {
    it('deletes the account with its data and sales, and signs out', async () => {
      const browser = new TestBrowser(t.app);
      const { input, user } = await registerAndVerify(browser);
      const anInstantSale = await t.app.db.selectFrom('ads').selectAll().where('type', '=', 'INSTANT_SALE').executeTakeFirstOrThrow();
      await t.app.db.insertInto('ads').values({ ...anInstantSale, id: `${user.id}-ad`, slug: `${user.id}-ad`, owner_id: user.id }).execute();

      const deleted = await browser.delete('/api/me');
      expect(deleted.statusCode).toBe(204);
      expect(browser.cookies.has('sid')).toBe(false);
      expect(await t.app.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('ads').select('id').where('owner_id', '=', user.id).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: input.email, password: input.password })).statusCode).toBe(401);
    });

    it('refuses while an auction or tender of the user is ongoing, and allows it once they have ended', async () => {
      const ahmed = new TestBrowser(t.app);
      await ahmed.signIn('ahmed@example.com');
      const refused = await ahmed.delete('/api/me');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'ACCOUNT_CANNOT_BE_DELETED', message: 'Account Cannot Be Deleted' } });
      const arabic = new TestBrowser(t.app, { locale: 'ar' });
      await arabic.signIn('ahmed@example.com');
      expect((await arabic.delete('/api/me')).json().error.message).toBe('لا يمكن حذف الحساب');
      expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'ahmed@example.com').execute()).toHaveLength(1);

      const lastEnd = await t.app.db
        .selectFrom('ads')
        .innerJoin('users', 'users.id', 'ads.owner_id')
        .select((eb) => eb.fn.max('ads.ends_at').as('lastEnd'))
        .where('users.email', '=', 'ahmed@example.com')
        .executeTakeFirstOrThrow();
      clock.now = Number(lastEnd.lastEnd) + 1;
      await ahmed.signIn('ahmed@example.com');
      expect((await ahmed.delete('/api/me')).statusCode).toBe(204);
    });
  });
});
