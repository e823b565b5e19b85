import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { JOIN_REQUEST_EVENTS, type JoinRequestEvent, joinRequestMachine, participationStateOf } from '../../machines/join-request.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const OWNER = 'owner';
const USER = 'user';
const STRANGER = 'stranger';
const PARTICIPATION = { ownerId: OWNER, userId: USER };

const EVERY_EVENT: JoinRequestEvent[] = [
  { type: JOIN_REQUEST_EVENTS.REQUEST, by: USER },
  { type: JOIN_REQUEST_EVENTS.REQUEST, by: STRANGER },
  { type: JOIN_REQUEST_EVENTS.ACCEPT, by: OWNER },
  { type: JOIN_REQUEST_EVENTS.ACCEPT, by: USER },
  { type: JOIN_REQUEST_EVENTS.REJECT, by: OWNER },
  { type: JOIN_REQUEST_EVENTS.REJECT, by: STRANGER },
  { type: JOIN_REQUEST_EVENTS.ADD, by: OWNER },
  { type: JOIN_REQUEST_EVENTS.ADD, by: STRANGER },
];

describe('join request machine', () => {
  it('reaches every state and takes both sides of every guard along the shortest paths', () => {
    // The owner as the user too: the one case where asking and adding are refused to the right people.
    const walk = walkShortestPaths(joinRequestMachine, EVERY_EVENT, [PARTICIPATION, { ownerId: OWNER, userId: OWNER }]);
    expect(walk.statesReached).toEqual(['accepted', 'outsider', 'rejected', 'requested']);
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(joinRequestMachine, ['isByOwner', 'isByTheUser', 'userIsNotOwner']));
  });

  it('lets the user ask and only the owner answer', () => {
    const actor = createActor(joinRequestMachine, { input: PARTICIPATION }).start();
    expect(actor.getSnapshot().can({ type: 'REQUEST', by: STRANGER })).toBe(false);
    actor.send({ type: 'REQUEST', by: USER });
    expect(actor.getSnapshot().value).toBe('requested');
    expect(actor.getSnapshot().can({ type: 'ACCEPT', by: USER })).toBe(false);
    actor.send({ type: 'ACCEPT', by: OWNER });
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('starts owner-added participants accepted, and refuses adding them twice', () => {
    const actor = createActor(joinRequestMachine, { input: PARTICIPATION }).start();
    actor.send({ type: 'ADD', by: OWNER });
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().can({ type: 'ADD', by: OWNER })).toBe(false);
    expect(participationStateOf('ACCEPTED', PARTICIPATION).can({ type: 'ADD', by: OWNER })).toBe(false);
    expect(participationStateOf('REQUESTED', PARTICIPATION).can({ type: 'ADD', by: OWNER })).toBe(true);
  });

  it('does not let a rejected user ask again, but lets the owner add them', () => {
    const rejected = participationStateOf('REJECTED', PARTICIPATION);
    expect(rejected.value).toBe('rejected');
    expect(rejected.can({ type: 'REQUEST', by: USER })).toBe(false);
    expect(rejected.can({ type: 'ADD', by: OWNER })).toBe(true);
  });

  it('never makes the owner a participant of their own ad', () => {
    const own = participationStateOf(null, { ownerId: OWNER, userId: OWNER });
    expect(own.can({ type: 'REQUEST', by: OWNER })).toBe(false);
    expect(own.can({ type: 'ADD', by: OWNER })).toBe(false);
  });
});
