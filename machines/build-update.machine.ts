import { assign, fromPromise, setup } from 'xstate';
import type { BuildInfo } from '../domain/build-info';
import { BUILD_CHECK_DELAY_MS } from '../domain/timing';

export interface BuildUpdateInput {
  currentBuildId: string;
  /** True on a slow-2g connection, where the check is not worth its bytes (SPEC.md section 2). */
  slowConnection: boolean;
}

export const BUILD_UPDATE_EVENTS = { NAVIGATING: 'NAVIGATING' } as const;
export type BuildUpdateEvent = { type: typeof BUILD_UPDATE_EVENTS.NAVIGATING; url: string };

/**
 * The page's view of newer builds: about a second after load it asks which build is latest; when
 * that is not the build it runs and the new build's manifest is reachable, the next navigation
 * loads its page afresh, at a moment the user already expects the screen to change.
 */
export const buildUpdateMachine = setup({
  types: {
    input: {} as BuildUpdateInput,
    context: {} as { currentBuildId: string; latestBuildId: string | null; slowConnection: boolean },
    events: {} as BuildUpdateEvent,
  },
  actors: {
    fetchLatestBuild: fromPromise<BuildInfo>(async () => {
      throw new Error('fetchLatestBuild is provided by the page');
    }),
    fetchBuildManifest: fromPromise<unknown, { buildId: string }>(async () => {
      throw new Error('fetchBuildManifest is provided by the page');
    }),
  },
  actions: {
    loadNewBuild: (_, _params: { url: string }) => {
      throw new Error('loadNewBuild is provided by the page');
    },
    reportManifestFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isSlowConnection: ({ context }) => context.slowConnection,
    isNewerBuild: ({ context }) => context.latestBuildId !== null && context.latestBuildId !== context.currentBuildId,
  },
  delays: {
    BUILD_CHECK_DELAY: BUILD_CHECK_DELAY_MS,
  },
}).createMachine({
  id: 'buildUpdate',
  context: ({ input }) => ({ currentBuildId: input.currentBuildId, latestBuildId: null, slowConnection: input.slowConnection }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isSlowConnection', target: 'skipped' }, { target: 'waiting' }],
    },
    waiting: {
      after: { BUILD_CHECK_DELAY: 'checking' },
    },
    checking: {
      invoke: {
        src: 'fetchLatestBuild',
        onDone: { target: 'deciding', actions: assign({ latestBuildId: ({ event }) => event.output.buildId }) },
        // Nothing to tell the user: the page they have still works.
        onError: { target: 'checkFailed' },
      },
    },
    deciding: {
      always: [{ guard: 'isNewerBuild', target: 'fetchingManifest' }, { target: 'upToDate' }],
    },
    fetchingManifest: {
      invoke: {
        src: 'fetchBuildManifest',
        input: ({ context }) => ({ buildId: context.latestBuildId! }),
        onDone: { target: 'updateAvailable' },
        onError: {
          target: 'manifestUnavailable',
          actions: { type: 'reportManifestFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    updateAvailable: {
      on: {
        NAVIGATING: {
          target: 'reloading',
          actions: { type: 'loadNewBuild', params: ({ event }) => ({ url: event.url }) },
        },
      },
    },
    reloading: { type: 'final' },
    upToDate: { type: 'final' },
    checkFailed: { type: 'final' },
    manifestUnavailable: { type: 'final' },
    skipped: { type: 'final' },
  },
});
