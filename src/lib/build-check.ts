import { createActor, fromPromise } from 'xstate';
import type { BuildInfo } from '../../domain/build-info';
import { buildManifestPath } from '../../domain/runtime-config';
import { BUILD_UPDATE_EVENTS, buildUpdateMachine } from '../../machines/build-update.machine';
import type { HttpClient } from './http';
import { inspection } from './inspect';

interface NetworkInformationLike {
  effectiveType?: string;
}

export interface BuildCheckDependencies {
  api: HttpClient;
  site: HttpClient;
  currentBuildId: string;
  connection: NetworkInformationLike | undefined;
  now: () => number;
  loadPage: (url: string) => void;
}

/** The newer-build watch of SPEC.md section 2 for this page, told of each navigation. */
export interface BuildCheck {
  navigating(url: string): void;
}

/** Starts the newer-build watch of SPEC.md section 2 for this page. */
export function startBuildCheck({ api, site, currentBuildId, connection, now, loadPage }: BuildCheckDependencies): BuildCheck {
  const machine = buildUpdateMachine.provide({
    actors: {
      // Read as the server typed it, as every answer the client reads: zod stays with the pages that have a form.
      fetchLatestBuild: fromPromise<BuildInfo>(() => api.get<BuildInfo>('/build/latest', { query: { t: now() } })),
      fetchBuildManifest: fromPromise<unknown, { buildId: string }>(({ input }) => site.get(buildManifestPath(input.buildId))),
    },
    actions: {
      loadNewBuild: (_, params: { url: string }) => loadPage(params.url),
      reportManifestFailure: (_, params: { error: unknown }) => console.warn('The newer build manifest could not be fetched', params.error),
    },
  });
  const actor = createActor(machine, { input: { currentBuildId, slowConnection: connection?.effectiveType === 'slow-2g' }, ...inspection() });
  actor.start();
  return { navigating: (url) => actor.send({ type: BUILD_UPDATE_EVENTS.NAVIGATING, url }) };
}
