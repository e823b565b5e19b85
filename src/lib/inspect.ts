import type { ActorOptions, AnyActorLogic } from 'xstate';

type Inspect = ActorOptions<AnyActorLogic>['inspect'];

let inspector: Inspect;

/**
 * In development with VITE_INSPECT=1, opens Stately's inspector in a new tab for the actors the page
 * runs. The inspector is imported only then, so no other build carries it.
 */
export async function startInspector(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspector = createBrowserInspector().inspect;
  }
}

/** Options for `createActor` or `useActorRef` that show the actor in the inspector, when it is open. */
export function inspection(): { inspect?: Inspect } {
  return inspector ? { inspect: inspector } : {};
}
