import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ERROR_CODES } from '../../../domain/errors';
import type { Payment, PaymentFailure, PaymentMethod, PaymentStatus } from '../../../domain/payments';
import { type PaymentEvent, paymentAfter } from '../../../machines/payment.machine';
import { dialectOf } from '../../db/dialect';
import type { Database, PaymentTable } from '../../db/schema';
import { AppError } from '../../errors';
import { type PaymentGateway, PaymentProviderUnavailable, type ProviderPayment, WebhookSignatureInvalid } from './payment-gateway';

export type PaymentRow = Selectable<PaymentTable>;

/** What a payment is for, and what its success sets going, in the transaction that records it. */
export interface PaymentPurpose {
  succeeded(trx: Kysely<Database>, payment: PaymentRow, at: number): Promise<void>;
  /** What to tell people once the success is committed; never fails the payment. */
  afterSuccess?(payment: PaymentRow): Promise<void>;
  /** Whether a success gets the next number of the marketplace's own tax invoices (what it sells itself). */
  issuesReceipt: boolean;
  /** Whether the payment may still be tried: what it pays for may have been paid or called off meanwhile. */
  stillWanted?(payment: PaymentRow): Promise<boolean>;
}

export interface NewPayment {
  userId: string;
  purpose: string;
  subjectId: string;
  method: PaymentMethod;
  amount: number;
  currency: string;
  countryCode: string;
  vatBasisPoints: number;
  idempotencyKey: string;
}

function eventOfAnswer(answer: ProviderPayment): PaymentEvent | null {
  switch (answer.status) {
    case 'REQUIRES_ACTION':
      return { type: 'REQUIRE_ACTION' };
    case 'SUCCEEDED':
      return { type: 'SUCCEED' };
    case 'FAILED':
      return { type: 'FAIL', failure: answer.failure ?? 'CARD_DECLINED' };
    case 'REFUNDED':
      return { type: 'REFUND' };
    case 'CREATED':
      return null;
  }
}

async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw new AppError(ERROR_CODES.PAYMENT_PROVIDER_UNAVAILABLE);
    throw error;
  }
}

/** Gives a successful payment the next receipt number, in the transaction that records its success. */
async function issueReceipt(trx: Kysely<Database>, paymentId: string, at: number): Promise<void> {
  const { last_number: number } = await trx
    .updateTable('receipt_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  await trx.insertInto('receipts').values({ payment_id: paymentId, number, issued_at: at }).execute();
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * Payments as the server records them: each provider answer (to a call, or in a webhook) moves the
 * stored payment only where the payment machine allows, inside a transaction that holds the row,
 * so a repeated or stale answer changes nothing and a success sets its purpose going exactly once.
 */
export function createPaymentService(db: Kysely<Database>, gateway: PaymentGateway, now: () => number, onSettled: (payment: PaymentRow) => void = () => {}) {
  const purposes = new Map<string, PaymentPurpose>();

  function lockedPayment(trx: Kysely<Database>, id: string) {
    const query = trx.selectFrom('payments').selectAll().where('id', '=', id);
    return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  }

  /** Records a provider answer; `attempted` when the answer is to a new try, which may follow a failure. */
  async function record(paymentId: string, answer: ProviderPayment, attempted: boolean): Promise<PaymentRow> {
    let succeeded = false;
    let settled = false;
    // SQLite runs a transaction alone on its one connection; PostgreSQL holds the payment's row.
    const recorded = await db.transaction().execute(async (trx) => {
      const row = await lockedPayment(trx, paymentId);
      let state: { status: PaymentStatus; failure: PaymentFailure | null } = { status: row.status as PaymentStatus, failure: row.failure as PaymentFailure | null };
      if (attempted) state = paymentAfter(state.status, state.failure, { type: 'ATTEMPT' }) ?? state;
      const event = eventOfAnswer(answer);
      const next = (event && paymentAfter(state.status, state.failure, event)) ?? state;
      const actionUrl = next.status === 'REQUIRES_ACTION' ? answer.actionUrl : null;
      if (next.status === row.status && next.failure === row.failure && actionUrl === row.action_url) return row;
      const at = now();
      succeeded = next.status === 'SUCCEEDED' && row.status !== 'SUCCEEDED';
      settled = next.status !== row.status && (next.status === 'SUCCEEDED' || next.status === 'FAILED' || next.status === 'REFUNDED');
      const changes = {
        status: next.status,
        failure: next.failure,
        action_url: actionUrl,
        updated_at: at,
        succeeded_at: succeeded ? at : row.succeeded_at,
        refunded_at: next.status === 'REFUNDED' && row.status !== 'REFUNDED' ? at : row.refunded_at,
      };
      await trx.updateTable('payments').set(changes).where('id', '=', row.id).execute();
      const updated = { ...row, ...changes };
      if (succeeded) {
        const purpose = purposes.get(row.purpose);
        await purpose?.succeeded(trx, updated, at);
        // Last, because each success holds the receipt counter's one row from here to its commit.
        if (purpose?.issuesReceipt) await issueReceipt(trx, row.id, at);
      }
      return updated;
    });
    if (settled) onSettled(recorded);
    if (!succeeded) return recorded;
    await purposes.get(recorded.purpose)?.afterSuccess?.(recorded);
    // Read again: what the success set going may have moved the payment on (refunded one no longer wanted).
    return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
  }

  /** The provider's payment, made the first time it is needed; the payment's id keys it, so making it again makes nothing new. */
  async function providerPaymentIdOf(row: PaymentRow): Promise<string> {
    if (row.provider_payment_id) return row.provider_payment_id;
    const created = await askProvider(() => gateway.createPayment({ amount: row.amount, currency: row.currency, method: row.method as PaymentMethod, idempotencyKey: row.id, description: `Souq ${row.purpose.toLowerCase()} ${row.subject_id}` }));
    await db.updateTable('payments').set({ provider_payment_id: created.providerPaymentId }).where('id', '=', row.id).where('provider_payment_id', 'is', null).execute();
    return created.providerPaymentId;
  }

  return {
    gateway,

    registerPurpose(name: string, purpose: PaymentPurpose) {
      purposes.set(name, purpose);
    },

    /** A new payment row, written in the caller's transaction beside what it pays for. */
    async insert(trx: Kysely<Database>, payment: NewPayment): Promise<PaymentRow> {
      const at = now();
      const row: PaymentRow = {
        id: randomUUID(),
        user_id: payment.userId,
        purpose: payment.purpose,
        subject_id: payment.subjectId,
        method: payment.method,
        amount: payment.amount,
        currency: payment.currency,
        country_code: payment.countryCode,
        vat_basis_points: payment.vatBasisPoints,
        status: 'CREATED',
        failure: null,
        provider: gateway.provider,
        provider_payment_id: null,
        action_url: null,
        idempotency_key: payment.idempotencyKey,
        created_at: at,
        updated_at: at,
        succeeded_at: null,
        refunded_at: null,
      };
      await trx.insertInto('payments').values(row).execute();
      return row;
    },

    /** Makes the provider's side of a new payment; when the provider cannot be reached the payment waits, and the first try makes it. */
    async open(row: PaymentRow): Promise<PaymentRow> {
      try {
        const providerPaymentId = await providerPaymentIdOf(row);
        return { ...row, provider_payment_id: providerPaymentId };
      } catch (error) {
        if (error instanceof AppError && error.code === ERROR_CODES.PAYMENT_PROVIDER_UNAVAILABLE) return row;
        throw error;
      }
    },

    async ofUser(paymentId: string, userId: string): Promise<PaymentRow> {
      const row = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw new AppError(ERROR_CODES.NOT_FOUND);
      return row;
    },

    /** A try at the payment: a card token, or the start of a wallet's approval. A payment already paid is answered as it is. */
    async confirm(row: PaymentRow, input: { token: string | undefined; returnUrl: string; idempotencyKey: string }): Promise<PaymentRow> {
      if (!paymentAfter(row.status as PaymentStatus, row.failure as PaymentFailure | null, { type: 'ATTEMPT' })) return row;
      if (row.method === 'CARD' && !input.token) throw new AppError(ERROR_CODES.PAYMENT_DETAILS_REQUIRED);
      if ((await purposes.get(row.purpose)?.stillWanted?.(row)) === false) throw new AppError(ERROR_CODES.PAYMENT_ACTION_NOT_ALLOWED);
      const providerPaymentId = await providerPaymentIdOf(row);
      const answer = await askProvider(() => gateway.confirmPayment(providerPaymentId, { token: input.token, returnUrl: input.returnUrl, idempotencyKey: input.idempotencyKey }));
      return record(row.id, answer, true);
    },

    /** Asks the provider where the payment stands, as when the person comes back from a challenge. */
    async sync(row: PaymentRow): Promise<PaymentRow> {
      if (!row.provider_payment_id) return row;
      const answer = await askProvider(() => gateway.retrievePayment(row.provider_payment_id!));
      return record(row.id, answer, false);
    },

    async refund(row: PaymentRow, idempotencyKey: string): Promise<PaymentRow> {
      if (row.status !== 'SUCCEEDED' || !row.provider_payment_id) throw new AppError(ERROR_CODES.PAYMENT_ACTION_NOT_ALLOWED);
      const answer = await askProvider(() => gateway.refundPayment(row.provider_payment_id!, idempotencyKey));
      return record(row.id, answer, false);
    },

    /**
     * A provider's webhook: verified, then the payment is asked of the provider afresh, so events
     * arriving late or out of order cannot set an older state. A duplicate is known by its event id
     * and skipped; two copies arriving at once both read the same answer, and the second changes nothing.
     */
    async receiveWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<void> {
      let notice;
      try {
        notice = gateway.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureInvalid) throw new AppError(ERROR_CODES.WEBHOOK_SIGNATURE_INVALID);
        throw error;
      }
      const seen = await db.selectFrom('payment_webhook_events').select('event_id').where('provider', '=', gateway.provider).where('event_id', '=', notice.eventId).executeTakeFirst();
      if (seen) return;
      const { providerPaymentId } = notice;
      if (providerPaymentId) {
        const row = await db.selectFrom('payments').selectAll().where('provider', '=', gateway.provider).where('provider_payment_id', '=', providerPaymentId).executeTakeFirst();
        if (row) await record(row.id, await askProvider(() => gateway.retrievePayment(providerPaymentId)), false);
      }
      await db
        .insertInto('payment_webhook_events')
        .values({ provider: gateway.provider, event_id: notice.eventId, received_at: now() })
        .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
        .execute();
    },

    viewOf(row: PaymentRow, locale: string): Payment {
      const tryable = row.status === 'CREATED' || row.status === 'FAILED' || row.status === 'REQUIRES_ACTION';
      return {
        id: row.id,
        status: row.status as PaymentStatus,
        method: row.method as PaymentMethod,
        amount: row.amount,
        currency: row.currency,
        failure: row.failure as PaymentFailure | null,
        actionUrl: row.action_url,
        tokenFormUrl: tryable ? gateway.tokenFormUrl({ method: row.method as PaymentMethod, amount: row.amount, currency: row.currency }, locale) : null,
        succeededAt: row.succeeded_at,
      };
    },
  };
}
