import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { AD_DRAFT_EVENTS, type AdDraftEvent, adDraftMachine, adLifecycleStateOf } from '../../machines/ad-draft.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const EVERY_EVENT: AdDraftEvent[] = [
  { type: AD_DRAFT_EVENTS.SAVE, complete: false },
  { type: AD_DRAFT_EVENTS.SAVE, complete: true },
  { type: AD_DRAFT_EVENTS.PUBLISH },
  { type: AD_DRAFT_EVENTS.EDIT, complete: true },
  { type: AD_DRAFT_EVENTS.EDIT, complete: false },
  { type: AD_DRAFT_EVENTS.OFFER_RECEIVED },
  { type: AD_DRAFT_EVENTS.OFFER_AWARDED },
  { type: AD_DRAFT_EVENTS.SUBSCRIBER_ADDED },
  { type: AD_DRAFT_EVENTS.OWNER_DECISION_AWAITED },
  { type: AD_DRAFT_EVENTS.OWNER_DECIDED },
  { type: AD_DRAFT_EVENTS.END },
  { type: AD_DRAFT_EVENTS.REPOST },
  { type: AD_DRAFT_EVENTS.DELETE },
];

describe('ad draft machine', () => {
  it('reaches every state and takes both sides of every guard along the shortest paths', () => {
    // Two credits: enough to publish and repost once, and to be refused the second repost.
    const walk = walkShortestPaths(adDraftMachine, EVERY_EVENT, [{ adCredits: 2 }]);
    expect(walk.statesReached).toEqual(['deleted', 'draft', 'ended', 'published.editLocked', 'published.open']);
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(adDraftMachine, ['canBeDeleted', 'hasAdCredit', 'hasOffers', 'isComplete', 'ownerHasDecided', 'staysComplete']));
  });

  it('publishes only a complete draft, and only with an ad credit, spending it', () => {
    const incomplete = createActor(adDraftMachine, { input: { adCredits: 1 } }).start();
    incomplete.send({ type: 'SAVE', complete: false });
    expect(incomplete.getSnapshot().can({ type: 'PUBLISH' })).toBe(false);
    incomplete.send({ type: 'SAVE', complete: true });
    incomplete.send({ type: 'PUBLISH' });
    expect(incomplete.getSnapshot().value).toEqual({ published: 'open' });
    expect(incomplete.getSnapshot().context.adCredits).toBe(0);

    const noCredit = createActor(adDraftMachine, { input: { adCredits: 0 } }).start();
    noCredit.send({ type: 'SAVE', complete: true });
    expect(noCredit.getSnapshot().can({ type: 'PUBLISH' })).toBe(false);
  });

  it('locks editing once offers arrive, and refuses deletion once an offer is awarded or subscribers are added', () => {
    const facts = { complete: true, adCredits: 0, hasOffers: false, offerAwarded: false, hasSubscribers: false, ownerDecisionAwaited: false };
    expect(adLifecycleStateOf('PUBLISHED', facts).can({ type: 'EDIT', complete: true })).toBe(true);
    expect(adLifecycleStateOf('PUBLISHED', facts).can({ type: 'EDIT', complete: false })).toBe(false);
    expect(adLifecycleStateOf('PUBLISHED', { ...facts, hasOffers: true }).can({ type: 'EDIT', complete: true })).toBe(false);
    expect(adLifecycleStateOf('PUBLISHED', { ...facts, hasOffers: true }).can({ type: 'DELETE' })).toBe(true);
    expect(adLifecycleStateOf('PUBLISHED', { ...facts, hasOffers: true, offerAwarded: true }).can({ type: 'DELETE' })).toBe(false);
    expect(adLifecycleStateOf('PUBLISHED', { ...facts, hasSubscribers: true }).can({ type: 'DELETE' })).toBe(false);
    expect(adLifecycleStateOf('ENDED', { ...facts, offerAwarded: true }).can({ type: 'DELETE' })).toBe(false);
    expect(adLifecycleStateOf('DRAFT', facts).can({ type: 'DELETE' })).toBe(true);
    expect(adLifecycleStateOf('DELETED', facts).can({ type: 'REPOST' })).toBe(false);
  });

  it('reposts an ended ad as a fresh round, for another credit', () => {
    const actor = createActor(adDraftMachine, { input: { adCredits: 2 } }).start();
    for (const event of [{ type: 'SAVE', complete: true }, { type: 'PUBLISH' }, { type: 'OFFER_RECEIVED' }, { type: 'SUBSCRIBER_ADDED' }, { type: 'END' }] as AdDraftEvent[]) actor.send(event);
    expect(actor.getSnapshot().can({ type: 'DELETE' })).toBe(false);
    actor.send({ type: 'REPOST' });
    expect(actor.getSnapshot().value).toEqual({ published: 'open' });
    expect(actor.getSnapshot().context).toMatchObject({ adCredits: 0, hasOffers: false, hasSubscribers: false });
    actor.send({ type: 'END' });
    expect(actor.getSnapshot().can({ type: 'REPOST' })).toBe(false);
  });

  it('reposts an auction only once its owner has decided the round that ended with bids; one without bids waits for nobody', () => {
    const actor = createActor(adDraftMachine, { input: { adCredits: 2 } }).start();
    for (const event of [{ type: 'SAVE', complete: true }, { type: 'PUBLISH' }, { type: 'OFFER_RECEIVED' }, { type: 'END' }, { type: 'OWNER_DECISION_AWAITED' }] as AdDraftEvent[]) actor.send(event);
    expect(actor.getSnapshot().can({ type: 'REPOST' })).toBe(false);
    actor.send({ type: 'OWNER_DECIDED' });
    actor.send({ type: 'REPOST' });
    expect(actor.getSnapshot().value).toEqual({ published: 'open' });
    expect(actor.getSnapshot().context.ownerDecisionAwaited).toBe(false);

    const unbid = createActor(adDraftMachine, { input: { adCredits: 2 } }).start();
    for (const event of [{ type: 'SAVE', complete: true }, { type: 'PUBLISH' }, { type: 'END' }] as AdDraftEvent[]) unbid.send(event);
    expect(unbid.getSnapshot().can({ type: 'OWNER_DECISION_AWAITED' })).toBe(false);
    expect(unbid.getSnapshot().can({ type: 'REPOST' })).toBe(true);
  });
});
