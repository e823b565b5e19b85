import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { expect } from 'vitest';
import { createTestModel } from 'xstate/graph';

type Guard = (args: unknown, params: unknown) => boolean;

/** The machine with each of its named guards writing its verdicts into `verdicts`, as `name:true` or `name:false`. */
export function recordingGuards<TMachine extends AnyStateMachine>(machine: TMachine, verdicts: Set<string>): TMachine {
  const guards = machine.implementations.guards as Record<string, Guard>;
  const recording = Object.entries(guards).map(([name, guard]) => [
    name,
    (args: unknown, params: unknown) => {
      const verdict = guard(args, params);
      verdicts.add(`${name}:${verdict}`);
      return verdict;
    },
  ]);
  return machine.provide({ guards: Object.fromEntries(recording) }) as TMachine;
}

/**
 * Both verdicts of each of the rules named: what a walk that tries every rule both ways records. The
 * names are the test's own list, checked against the machine's, so a rule dropped from the machine
 * (or folded into an unnamed condition) fails the test instead of shrinking it.
 */
export function bothVerdictsOfEveryGuard(machine: AnyStateMachine, expectedGuards: readonly string[]): string[] {
  expect(Object.keys(machine.implementations.guards).sort()).toEqual([...expectedGuards].sort());
  return expectedGuards.flatMap((name) => [`${name}:false`, `${name}:true`]).sort();
}

/** `{ published: 'open' }` as `published.open`, the way `snapshot.matches` names it. */
function stateNameOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([parent, child]) => (child === undefined ? parent : `${parent}.${stateNameOf(child)}`))
    .join(',');
}

/**
 * Walks the shortest path to every state the machine reaches from each input with these events
 * (`xstate/graph` offers each state every event it handles, in the forms given here), and answers
 * which states were reached and which guard verdicts were taken on the way, both sorted.
 * `serializeState` names which snapshots count as the same state (by default, all of each).
 */
export function walkShortestPaths(machine: AnyStateMachine, events: readonly EventObject[], inputs: readonly unknown[], serializeState?: (snapshot: AnyMachineSnapshot) => string) {
  const verdicts = new Set<string>();
  const reached = new Set<string>();
  const recording = recordingGuards(machine, verdicts);
  for (const input of inputs) {
    for (const path of createTestModel(recording, { events: [...events], input, ...(serializeState && { serializeState }) } as never).getShortestPaths()) {
      for (const step of path.steps) reached.add(stateNameOf(step.state.value));
    }
  }
  return { statesReached: [...reached].sort(), guardVerdicts: [...verdicts].sort() };
}
