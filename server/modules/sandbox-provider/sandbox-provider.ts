import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PaymentFailure, PaymentMethod, PaymentStatus } from '../../../domain/payments';
import type { Database, SandboxPaymentTable } from '../../db/schema';

/**
 * The local payment provider the marketplace uses when no real one is configured. It keeps its own
 * records, as a real provider does on its side, and behaves like one: test card numbers that
 * succeed, are declined, lack funds or ask for a 3-D Secure challenge; Apple Pay and PayPal approved
 * on screens of their own; and a signed webhook for every change, sent late and sent twice.
 */

/** Card numbers with a known outcome, as providers publish for their test mode. Any other valid number succeeds. */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
} as const;

type CardOutcome = 'SUCCEED' | 'DECLINE' | 'INSUFFICIENT_FUNDS' | 'CHALLENGE';

const OUTCOME_OF_TEST_CARD: Record<string, CardOutcome> = {
  [SANDBOX_TEST_CARDS.declined]: 'DECLINE',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'INSUFFICIENT_FUNDS',
  [SANDBOX_TEST_CARDS.challenge]: 'CHALLENGE',
};

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How many times a webhook the marketplace did not take is sent again, each time later. */
const WEBHOOK_ATTEMPTS = 8;

export type CardRefusal = 'CARD_NUMBER_INVALID' | 'CARD_EXPIRED' | 'CARD_EXPIRY_INVALID' | 'CARD_CODE_INVALID' | 'CARD_NAME_REQUIRED';

export interface CardDetails {
  name: string;
  number: string;
  /** MM/YY */
  expiry: string;
  code: string;
}

export interface SandboxAnswer {
  id: string;
  status: PaymentStatus;
  failure: PaymentFailure | null;
  actionUrl: string | null;
}

export class SandboxRequestRefused extends Error {
  override name = 'SandboxRequestRefused';
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** What a provider's card form checks before it makes a token: the number, the expiry (at `now`) and the code. */
export function refusalOfCard(card: CardDetails, now: number): CardRefusal | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (card.name.trim() === '') return 'CARD_NAME_REQUIRED';
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'CARD_NUMBER_INVALID';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return 'CARD_EXPIRY_INVALID';
  const today = new Date(now);
  const year = 2000 + Number(expiry[2]);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) return 'CARD_EXPIRED';
  if (!/^\d{3,4}$/.test(card.code.trim())) return 'CARD_CODE_INVALID';
  return null;
}

export function signWebhook(secret: string, payload: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

function answerOf(row: Pick<SandboxPaymentTable, 'id' | 'status' | 'failure' | 'method'>): SandboxAnswer {
  const status = row.status as PaymentStatus;
  const actionUrl = status === 'REQUIRES_ACTION' ? (row.method === 'CARD' ? `/sandbox-pay/challenge/${row.id}` : `/sandbox-pay/wallet/${row.id}`) : null;
  return { id: row.id, status, failure: row.failure as PaymentFailure | null, actionUrl };
}

export interface SandboxProviderOptions {
  db: Kysely<Database>;
  now: () => number;
  webhookSecret: string;
  /** How late the first copy of a webhook leaves; the duplicate leaves as late again after it. */
  webhookDelayMs: number;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

export function createSandboxProvider({ db, now, webhookSecret, webhookDelayMs }: SandboxProviderOptions) {
  /** Keeps the first answer under a key; a repeated request answers it again without acting. */
  async function once(key: string, act: () => Promise<SandboxAnswer>): Promise<SandboxAnswer> {
    const kept = await db.selectFrom('sandbox_idempotent_answers').select('answer').where('key', '=', key).executeTakeFirst();
    if (kept) return JSON.parse(kept.answer) as SandboxAnswer;
    const answer = await act();
    await db
      .insertInto('sandbox_idempotent_answers')
      .values({ key, answer: JSON.stringify(answer), created_at: now() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const first = await db.selectFrom('sandbox_idempotent_answers').select('answer').where('key', '=', key).executeTakeFirstOrThrow();
    return JSON.parse(first.answer) as SandboxAnswer;
  }

  async function paymentRow(id: string) {
    const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new SandboxRequestRefused(`no such payment: ${id}`);
    return row;
  }

  /** Moves a payment from the status read, so two requests racing cannot both move it; and tells the marketplace, late and twice. */
  async function move(row: SandboxPaymentTable, change: Partial<SandboxPaymentTable>): Promise<SandboxAnswer> {
    const at = now();
    const moved = await db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('sandbox_payments').set({ ...change, updated_at: at }).where('id', '=', row.id).where('status', '=', row.status).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const eventId = newId('evt');
      const payload = JSON.stringify({ id: eventId, type: 'payment.updated', payment: row.id });
      await trx
        .insertInto('sandbox_webhooks')
        .values([
          { id: newId('whk'), event_id: eventId, payload, deliver_at: at + webhookDelayMs, delivered_at: null, attempts: 0 },
          { id: newId('whk'), event_id: eventId, payload, deliver_at: at + 2 * webhookDelayMs, delivered_at: null, attempts: 0 },
        ])
        .execute();
      return true;
    });
    if (!moved) return answerOf(await paymentRow(row.id));
    return answerOf({ ...row, ...change });
  }

  return {
    async tokenize(card: CardDetails): Promise<{ token: string; brand: string; last4: string } | { refusal: CardRefusal }> {
      const refusal = refusalOfCard(card, now());
      if (refusal) return { refusal };
      const digits = card.number.replace(/[\s-]/g, '');
      // Only the outcome, brand and last four digits are kept: the number and the code are forgotten here.
      const token = { token: newId('tok'), brand: brandOf(digits), last4: digits.slice(-4) };
      await db
        .insertInto('sandbox_card_tokens')
        .values({ ...token, outcome: OUTCOME_OF_TEST_CARD[digits] ?? 'SUCCEED', created_at: now() })
        .execute();
      return token;
    },

    createPayment(input: { amount: number; currency: string; method: PaymentMethod; idempotencyKey: string }): Promise<SandboxAnswer> {
      return once(`create:${input.idempotencyKey}`, async () => {
        const at = now();
        const row = { id: newId('pay'), amount: input.amount, currency: input.currency, method: input.method, status: 'CREATED', failure: null, pending_outcome: null, return_url: null, created_at: at, updated_at: at };
        await db.insertInto('sandbox_payments').values(row).execute();
        return answerOf(row);
      });
    },

    confirmPayment(id: string, input: { token: string | undefined; returnUrl: string; idempotencyKey: string }): Promise<SandboxAnswer> {
      return once(`confirm:${id}:${input.idempotencyKey}`, async () => {
        const row = await paymentRow(id);
        if (row.status === 'SUCCEEDED' || row.status === 'REFUNDED') return answerOf(row);
        if (row.method !== 'CARD') return move(row, { status: 'REQUIRES_ACTION', failure: null, pending_outcome: 'APPROVAL', return_url: input.returnUrl });
        const card = input.token ? await db.selectFrom('sandbox_card_tokens').select('outcome').where('token', '=', input.token).executeTakeFirst() : undefined;
        if (!card) throw new SandboxRequestRefused('a card payment needs a token made by the card form');
        switch (card.outcome as CardOutcome) {
          case 'SUCCEED':
            return move(row, { status: 'SUCCEEDED', failure: null, pending_outcome: null });
          case 'DECLINE':
            return move(row, { status: 'FAILED', failure: 'CARD_DECLINED', pending_outcome: null });
          case 'INSUFFICIENT_FUNDS':
            return move(row, { status: 'FAILED', failure: 'INSUFFICIENT_FUNDS', pending_outcome: null });
          case 'CHALLENGE':
            return move(row, { status: 'REQUIRES_ACTION', failure: null, pending_outcome: 'CHALLENGE', return_url: input.returnUrl });
        }
      });
    },

    async retrievePayment(id: string): Promise<SandboxAnswer> {
      return answerOf(await paymentRow(id));
    },

    refundPayment(id: string, idempotencyKey: string): Promise<SandboxAnswer> {
      return once(`refund:${id}:${idempotencyKey}`, async () => {
        const row = await paymentRow(id);
        if (row.status !== 'SUCCEEDED') throw new SandboxRequestRefused(`only a succeeded payment is refunded, not ${row.status}`);
        return move(row, { status: 'REFUNDED' });
      });
    },

    /** What the challenge or approval screen shows; null when the payment asks for nothing now. */
    async pendingAction(id: string) {
      const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && row.status === 'REQUIRES_ACTION' ? row : null;
    },

    /** The person passed or failed the challenge, or approved or refused in the wallet; answers where they go back to. */
    async completeAction(id: string, approved: boolean): Promise<string | null> {
      const row = await db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.status !== 'REQUIRES_ACTION') return row?.return_url ?? null;
      const failure: PaymentFailure = row.pending_outcome === 'CHALLENGE' ? 'AUTHENTICATION_FAILED' : 'PAYMENT_CANCELED';
      await move(row, approved ? { status: 'SUCCEEDED', failure: null, pending_outcome: null } : { status: 'FAILED', failure, pending_outcome: null });
      return row.return_url;
    },

    /**
     * Sends each webhook that is due to `deliver`, which answers whether the marketplace took it. A
     * copy is claimed before it leaves, so two drains never send the same copy; one not taken is
     * sent again later, up to WEBHOOK_ATTEMPTS times.
     */
    async deliverDueWebhooks(deliver: (payload: string, signature: string) => Promise<boolean>): Promise<number> {
      const at = now();
      const due = await db.selectFrom('sandbox_webhooks').selectAll().where('delivered_at', 'is', null).where('deliver_at', '<=', at).orderBy('deliver_at').limit(50).execute();
      let delivered = 0;
      for (const webhook of due) {
        const claimed = await db.updateTable('sandbox_webhooks').set({ delivered_at: at, attempts: webhook.attempts + 1 }).where('id', '=', webhook.id).where('delivered_at', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        const taken = await deliver(webhook.payload, signWebhook(webhookSecret, webhook.payload, Math.floor(at / 1000))).catch(() => false);
        if (taken) delivered += 1;
        else if (webhook.attempts + 1 < WEBHOOK_ATTEMPTS) {
          await db.updateTable('sandbox_webhooks').set({ delivered_at: null, deliver_at: at + 2 ** webhook.attempts * 1000 }).where('id', '=', webhook.id).execute();
        }
      }
      return delivered;
    },
  };
}
