import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/payments';
import { PAYMENT_EVENTS as E, type PaymentEvent, paymentAfter, paymentMachine, paymentStateOf } from '../../machines/payment.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const EVERY_EVENT: PaymentEvent[] = [
  { type: E.ATTEMPT },
  { type: E.REQUIRE_ACTION },
  { type: E.SUCCEED },
  { type: E.FAIL, failure: 'CARD_DECLINED' },
  { type: E.REFUND },
];

describe('payment machine', () => {
  it('reaches every state along the shortest paths, with no guard to take', () => {
    const walk = walkShortestPaths(paymentMachine, EVERY_EVENT, [{ failure: null }]);
    expect(walk.statesReached).toEqual(['created', 'failed', 'refunded', 'requiresAction', 'succeeded']);
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(paymentMachine, []));
  });

  it('lets a failed payment be tried again, with another card, and succeed', () => {
    const actor = createActor(paymentMachine, { input: { failure: null } }).start();
    actor.send({ type: E.FAIL, failure: 'CARD_DECLINED' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: E.ATTEMPT });
    actor.send({ type: E.REQUIRE_ACTION });
    actor.send({ type: E.SUCCEED });
    expect(actor.getSnapshot().value).toBe('succeeded');

    const retried = paymentAfter('FAILED', 'CARD_DECLINED', { type: E.ATTEMPT });
    expect(retried).toEqual({ status: 'CREATED', failure: null });
    expect(paymentAfter(retried!.status, retried!.failure, { type: E.SUCCEED })).toEqual({ status: 'SUCCEEDED', failure: null });
  });

  it('once succeeded, refuses a repeated or late answer and another try, and moves only by a refund', () => {
    const refused: PaymentEvent[] = [{ type: E.SUCCEED }, { type: E.FAIL, failure: 'PROVIDER_UNAVAILABLE' }, { type: E.REQUIRE_ACTION }, { type: E.ATTEMPT }];
    for (const event of refused) expect(paymentAfter('SUCCEEDED', null, event), event.type).toBeNull();
    expect(paymentAfter('SUCCEEDED', null, { type: E.REFUND })).toEqual({ status: 'REFUNDED', failure: null });
  });

  it('is done once refunded', () => {
    expect(paymentStateOf('REFUNDED', null).status).toBe('done');
    for (const event of EVERY_EVENT) expect(paymentAfter('REFUNDED', null, event), event.type).toBeNull();
  });

  it('refunds only a payment that succeeded', () => {
    const notPaid = PAYMENT_STATUSES.filter((status) => status !== 'SUCCEEDED' && status !== 'REFUNDED');
    for (const status of notPaid) expect(paymentAfter(status, null, { type: E.REFUND }), status).toBeNull();
  });

  it('refuses the provider asking for the same action twice, but takes its answer after it', () => {
    expect(paymentAfter('CREATED', null, { type: E.REQUIRE_ACTION })).toEqual({ status: 'REQUIRES_ACTION', failure: null });
    expect(paymentAfter('REQUIRES_ACTION', null, { type: E.REQUIRE_ACTION })).toBeNull();
    expect(paymentAfter('REQUIRES_ACTION', null, { type: E.SUCCEED })).toEqual({ status: 'SUCCEEDED', failure: null });
    // The person left the challenge and tries another way.
    expect(paymentAfter('REQUIRES_ACTION', null, { type: E.ATTEMPT })).toEqual({ status: 'CREATED', failure: null });
  });

  it('records why it failed, refuses a repeated failure, and forgets the reason once tried again', () => {
    expect(paymentAfter('CREATED', null, { type: E.FAIL, failure: 'INSUFFICIENT_FUNDS' })).toEqual({ status: 'FAILED', failure: 'INSUFFICIENT_FUNDS' });
    expect(paymentAfter('REQUIRES_ACTION', null, { type: E.FAIL, failure: 'AUTHENTICATION_FAILED' })).toEqual({ status: 'FAILED', failure: 'AUTHENTICATION_FAILED' });
    expect(paymentAfter('FAILED', 'INSUFFICIENT_FUNDS', { type: E.FAIL, failure: 'CARD_EXPIRED' })).toBeNull();
    expect(paymentAfter('FAILED', 'INSUFFICIENT_FUNDS', { type: E.ATTEMPT })).toEqual({ status: 'CREATED', failure: null });
  });

  it("takes the provider's success after a failure read from an earlier try, so a charge is never left unrecorded", () => {
    expect(paymentAfter('FAILED', 'CARD_DECLINED', { type: E.SUCCEED })).toEqual({ status: 'SUCCEEDED', failure: null });
  });

  it('reads every stored status back as the same status', () => {
    const roundTrip = (status: PaymentStatus) => paymentStateOf(status, null).value;
    expect(PAYMENT_STATUSES.map(roundTrip)).toEqual(['created', 'requiresAction', 'succeeded', 'failed', 'refunded']);
  });
});
