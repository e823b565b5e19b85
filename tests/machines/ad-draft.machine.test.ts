import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { AD_DRAFT_EVENTS, type AdDraftEvent, adDraftMachine, adLifecycleStateOf } from '../../machines/ad-draft.machine';

const EVERY_EVENT: AdDraftEvent[] = [
  { type: AD_DRAFT_EVENTS.SAVE, complete: false },
  { type: AD_DRAFT_EVENTS.SAVE, complete: true },
  { type: AD_DRAFT_EVENTS.PUBLISH },
  { type: AD_DRAFT_EVENTS.EDIT, complete: true },
  { type: AD_DRAFT_EVENTS.EDIT, complete: false },
  { type: AD_DRAFT_EVENTS.OFFER_RECEIVED },
  { type: AD_DRAFT_EVENTS.OFFER_AWARDED },
  { type: AD_DRAFT_EVENTS.SUBSCRIBER_ADDED },
  { type: AD_DRAFT_EVENTS.END },
  { type: AD_DRAFT_EVENTS.REPOST },
  { type: AD_DRAFT_EVENTS.DELETE },
];

const GUARDS = ['isComplete', 'hasAdCredit', 'staysComplete', 'canBeDeleted'] as const;

/** The machine with every guard's verdicts written down, so a test can ask which sides were taken. */
function recordingMachine(verdicts: Set<string>) {
  const implementations = adDraftMachine.implementations.guards as Record<(typeof GUARDS)[number], (args: unknown, params: unknown) => boolean>;
  return adDraftMachine.provide({
    guards: Object.fromEntries(
      GUARDS.map((name) => [
        name,
        (args: unknown, params: unknown) => {
          const verdict = implementations[name](args, params);
          verdicts.add(`${name}:${verdict}`);
          return verdict;
        },
      ]),
    ) as typeof adDraftMachine.implementations.guards,
  });
}

describe('ad draft machine', () => {
  it('reaches every state and takes both sides of every guard along the shortest paths', async () => {
    const verdicts = new Set<string>();
    // Two credits: enough to publish and repost once, and to be refused the second repost.
    const model = createTestModel(recordingMachine(verdicts), { events: EVERY_EVENT, input: { adCredits: 2 } } as never);
    const paths = model.getShortestPaths();
    const reached = new Set<string>();
    for (const path of paths) {
      await path.test({
        states: {
          draft: (snapshot) => void reached.add(JSON.stringify(snapshot.value)),
          'published.open': (snapshot) => void reached.add(JSON.stringify(snapshot.value)),
          'published.editLocked': (snapshot) => void reached.add(JSON.stringify(snapshot.value)),
          ended: (snapshot) => void reached.add(JSON.stringify(snapshot.value)),
          deleted: (snapshot) => void reached.add(JSON.stringify(snapshot.value)),
        },
        events: {},
      });
    }
    expect([...reached].sort()).toEqual(['"deleted"', '"draft"', '"ended"', '{"published":"editLocked"}', '{"published":"open"}']);
    expect([...verdicts].sort()).toEqual(GUARDS.flatMap((name) => [`${name}:false`, `${name}:true`]).sort());
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
    const facts = { complete: true, adCredits: 0, hasOffers: false, offerAwarded: false, hasSubscribers: false };
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
});
