import { and, assign, setup } from 'xstate';
import type { AdStatus } from '../domain/ad';

/**
 * What the lifecycle of one ad depends on, as facts the server reads from its records: whether the
 * ad has every field its sale type needs, the owner's ad credits, what buyers have done, and whether
 * an auction's round waits for its owner to decide it.
 */
export interface AdLifecycleContext {
  complete: boolean;
  adCredits: number;
  hasOffers: boolean;
  offerAwarded: boolean;
  hasSubscribers: boolean;
  /** The auction's round ended with bids and waits for its owner to finalise or decline the highest. */
  ownerDecisionAwaited: boolean;
}

export const AD_DRAFT_EVENTS = {
  SAVE: 'SAVE',
  PUBLISH: 'PUBLISH',
  EDIT: 'EDIT',
  OFFER_RECEIVED: 'OFFER_RECEIVED',
  OFFER_AWARDED: 'OFFER_AWARDED',
  SUBSCRIBER_ADDED: 'SUBSCRIBER_ADDED',
  OWNER_DECISION_AWAITED: 'OWNER_DECISION_AWAITED',
  OWNER_DECIDED: 'OWNER_DECIDED',
  END: 'END',
  REPOST: 'REPOST',
  DELETE: 'DELETE',
} as const;

export type AdDraftEvent =
  /** The owner saved the draft; `complete` says whether every required field is now filled. */
  | { type: typeof AD_DRAFT_EVENTS.SAVE; complete: boolean }
  | { type: typeof AD_DRAFT_EVENTS.PUBLISH }
  /** The owner changed a published ad; `complete` says whether it still has every required field. */
  | { type: typeof AD_DRAFT_EVENTS.EDIT; complete: boolean }
  | { type: typeof AD_DRAFT_EVENTS.OFFER_RECEIVED }
  | { type: typeof AD_DRAFT_EVENTS.OFFER_AWARDED }
  | { type: typeof AD_DRAFT_EVENTS.SUBSCRIBER_ADDED }
  /** An auction ended with a highest bid, for its owner to finalise or decline. */
  | { type: typeof AD_DRAFT_EVENTS.OWNER_DECISION_AWAITED }
  /** The owner finalised or declined the round (or started the next sub-auction, which decides it). */
  | { type: typeof AD_DRAFT_EVENTS.OWNER_DECIDED }
  /** The schedule's end passed, or the owner ended the ad. */
  | { type: typeof AD_DRAFT_EVENTS.END }
  | { type: typeof AD_DRAFT_EVENTS.REPOST }
  | { type: typeof AD_DRAFT_EVENTS.DELETE };

/** A fresh round of an ad: what buyers did in the last one stays with the last one. */
export const FRESH_ROUND = { hasOffers: false, offerAwarded: false, hasSubscribers: false, ownerDecisionAwaited: false } as const;

/**
 * The life of an ad from its owner's side (DESIGN.md section 3): a draft is saved at any point and
 * published when complete, spending one ad credit; a published ad can be edited until offers start
 * arriving; it ends at its schedule's end; an ended ad can be reposted (another credit), an auction
 * only once its owner has decided its last round: a fresh round would leave the highest bidder
 * unanswered. An ad cannot
 * be deleted once an offer is awarded or subscribers have been added (SPEC.md section 6). The server
 * resolves this machine from an ad's records to allow or refuse each command.
 */
export const adDraftMachine = setup({
  types: {
    input: {} as Pick<AdLifecycleContext, 'adCredits'>,
    context: {} as AdLifecycleContext,
    events: {} as AdDraftEvent,
  },
  guards: {
    isComplete: ({ context }) => context.complete,
    hasAdCredit: ({ context }) => context.adCredits > 0,
    staysComplete: ({ event }) => event.type === AD_DRAFT_EVENTS.EDIT && event.complete,
    canBeDeleted: ({ context }) => !context.offerAwarded && !context.hasSubscribers,
    hasOffers: ({ context }) => context.hasOffers,
    ownerHasDecided: ({ context }) => !context.ownerDecisionAwaited,
  },
  actions: {
    recordCompleteness: assign({ complete: ({ event }) => (event.type === AD_DRAFT_EVENTS.SAVE || event.type === AD_DRAFT_EVENTS.EDIT) && event.complete }),
    spendAdCredit: assign({ adCredits: ({ context }) => context.adCredits - 1 }),
    startFreshRound: assign(FRESH_ROUND),
    recordOffer: assign({ hasOffers: true }),
    recordAward: assign({ offerAwarded: true }),
    recordSubscriber: assign({ hasSubscribers: true }),
    awaitOwnerDecision: assign({ ownerDecisionAwaited: true }),
    recordOwnerDecision: assign({ ownerDecisionAwaited: false }),
  },
}).createMachine({
  id: 'adDraft',
  context: ({ input }) => ({ complete: false, adCredits: input.adCredits, ...FRESH_ROUND }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        SAVE: { actions: 'recordCompleteness' },
        PUBLISH: { guard: and(['isComplete', 'hasAdCredit']), target: 'published', actions: 'spendAdCredit' },
        DELETE: 'deleted',
      },
    },
    published: {
      initial: 'open',
      states: {
        open: {
          on: {
            EDIT: { guard: 'staysComplete', actions: 'recordCompleteness' },
            OFFER_RECEIVED: { target: 'editLocked', actions: 'recordOffer' },
          },
        },
        /** Buyers are bidding or offering on what they saw: the ad no longer changes under them. */
        editLocked: {
          on: {
            OFFER_AWARDED: { actions: 'recordAward' },
          },
        },
      },
      on: {
        SUBSCRIBER_ADDED: { actions: 'recordSubscriber' },
        END: 'ended',
        DELETE: { guard: 'canBeDeleted', target: 'deleted' },
      },
    },
    ended: {
      on: {
        REPOST: { guard: and(['ownerHasDecided', 'hasAdCredit']), target: 'published', actions: ['spendAdCredit', 'startFreshRound'] },
        // An auction's round waits for its owner once the auction has ended, if anyone bid.
        OWNER_DECISION_AWAITED: { guard: 'hasOffers', actions: 'awaitOwnerDecision' },
        OWNER_DECIDED: { actions: 'recordOwnerDecision' },
        DELETE: { guard: 'canBeDeleted', target: 'deleted' },
      },
    },
    deleted: { type: 'final' },
  },
});

/** Where an ad's stored status puts it in the machine. */
export function adLifecycleStateOf(status: AdStatus, facts: AdLifecycleContext) {
  const value = status === 'DRAFT' ? 'draft' : status === 'ENDED' ? 'ended' : status === 'DELETED' ? 'deleted' : { published: facts.hasOffers ? 'editLocked' : 'open' };
  return adDraftMachine.resolveState({ value, context: facts });
}
