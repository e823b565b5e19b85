import { and, setup } from 'xstate';
import type { ParticipationStatus } from '../domain/auction';

/** One user's standing on one private auction or tender, as the server stores it. */
export interface ParticipationContext {
  ownerId: string;
  /** The user whose participation this is. */
  userId: string;
}

export const JOIN_REQUEST_EVENTS = {
  REQUEST: 'REQUEST',
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  /** The owner adds the user by phone or email, with no request (SPEC.md section 6). */
  ADD: 'ADD',
} as const;

/** `by` is who sends the command: the user for REQUEST, the owner for the rest. */
export type JoinRequestEvent =
  | { type: typeof JOIN_REQUEST_EVENTS.REQUEST; by: string }
  | { type: typeof JOIN_REQUEST_EVENTS.ACCEPT; by: string }
  | { type: typeof JOIN_REQUEST_EVENTS.REJECT; by: string }
  | { type: typeof JOIN_REQUEST_EVENTS.ADD; by: string };

/**
 * Private participation (SPEC.md sections 4 to 6): a user outside a private ad asks to join and the
 * owner accepts or rejects; a user the owner adds is accepted at once, and cannot be added twice.
 * A rejected user may not ask again: the owner has answered, and a request that could be repeated at
 * once would let one user pester them (negotiations are capped for the same reason). The owner can
 * still change their mind by adding the user. The owner never joins their own ad.
 */
export const joinRequestMachine = setup({
  types: {
    input: {} as ParticipationContext,
    context: {} as ParticipationContext,
    events: {} as JoinRequestEvent,
  },
  guards: {
    isByOwner: ({ context, event }) => event.by === context.ownerId,
    isByTheUser: ({ context, event }) => event.by === context.userId,
    userIsNotOwner: ({ context }) => context.userId !== context.ownerId,
  },
}).createMachine({
  id: 'joinRequest',
  context: ({ input }) => ({ ...input }),
  initial: 'outsider',
  states: {
    outsider: {
      on: {
        REQUEST: { guard: and(['isByTheUser', 'userIsNotOwner']), target: 'requested' },
        ADD: { guard: and(['isByOwner', 'userIsNotOwner']), target: 'accepted' },
      },
    },
    requested: {
      on: {
        ACCEPT: { guard: 'isByOwner', target: 'accepted' },
        REJECT: { guard: 'isByOwner', target: 'rejected' },
        // Adding someone who asked is accepting them.
        ADD: { guard: 'isByOwner', target: 'accepted' },
      },
    },
    accepted: { type: 'final' },
    rejected: {
      on: {
        ADD: { guard: 'isByOwner', target: 'accepted' },
      },
    },
  },
});

const STATE_OF_STATUS = { REQUESTED: 'requested', ACCEPTED: 'accepted', REJECTED: 'rejected' } as const satisfies Record<ParticipationStatus, string>;

/** Where a stored participation puts the user; null when there is none yet. `.can(event)` then allows or refuses a command. */
export function participationStateOf(status: ParticipationStatus | null, context: ParticipationContext) {
  return joinRequestMachine.resolveState({ value: status === null ? 'outsider' : STATE_OF_STATUS[status], context });
}
