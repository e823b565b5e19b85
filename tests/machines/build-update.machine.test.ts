import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { BUILD_CHECK_DELAY_MS } from '../../domain/timing';
import { buildUpdateMachine } from '../../machines/build-update.machine';

function start({ slowConnection = false, latest = 'b2', manifestFails = false, latestFails = false } = {}) {
  const clock = new SimulatedClock();
  const fetchLatestBuild = vi.fn(async () => {
    if (latestFails) throw new Error('offline');
    return { buildId: latest, builtAt: '2026-11-21T00:00:00Z' };
  });
  const fetchBuildManifest = vi.fn(async ({ input }: { input: { buildId: string } }) => {
    if (manifestFails) throw new Error('404');
    return { buildId: input.buildId };
  });
  const loadNewBuild = vi.fn();
  const reportManifestFailure = vi.fn();
  const actor = createActor(
    buildUpdateMachine.provide({
      actors: { fetchLatestBuild: fromPromise(fetchLatestBuild), fetchBuildManifest: fromPromise<unknown, { buildId: string }>(fetchBuildManifest) },
      actions: { loadNewBuild: (_, params) => loadNewBuild(params.url), reportManifestFailure },
    }),
    { input: { currentBuildId: 'b1', slowConnection }, clock },
  );
  actor.start();
  return { actor, clock, fetchLatestBuild, fetchBuildManifest, loadNewBuild, reportManifestFailure };
}

describe('build update machine', () => {
  it('checks nothing before the delay and checks right at it', async () => {
    const { actor, clock, fetchLatestBuild } = start();
    clock.increment(BUILD_CHECK_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(fetchLatestBuild).not.toHaveBeenCalled();
    clock.increment(1);
    await waitFor(actor, (state) => state.matches('updateAvailable'));
    expect(fetchLatestBuild).toHaveBeenCalledTimes(1);
  });

  it('loads the newer build on the next navigation, with that navigation target', async () => {
    const { actor, clock, loadNewBuild } = start();
    clock.increment(BUILD_CHECK_DELAY_MS);
    await waitFor(actor, (state) => state.matches('updateAvailable'));
    actor.send({ type: 'NAVIGATING', url: '/product_list?q=x' });
    expect(loadNewBuild).toHaveBeenCalledWith('/product_list?q=x');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays quietly on the same build when it is the latest', async () => {
    const { actor, clock, fetchBuildManifest } = start({ latest: 'b1' });
    clock.increment(BUILD_CHECK_DELAY_MS);
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(fetchBuildManifest).not.toHaveBeenCalled();
  });

  it('skips the check on a slow-2g connection', () => {
    const { actor, clock, fetchLatestBuild } = start({ slowConnection: true });
    clock.increment(BUILD_CHECK_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('skipped');
    expect(fetchLatestBuild).not.toHaveBeenCalled();
  });

  it('only logs when the new build manifest cannot be fetched, and never reloads', async () => {
    const { actor, clock, reportManifestFailure, loadNewBuild } = start({ manifestFails: true });
    clock.increment(BUILD_CHECK_DELAY_MS);
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('manifestUnavailable');
    expect(reportManifestFailure).toHaveBeenCalledTimes(1);
    expect(loadNewBuild).not.toHaveBeenCalled();
  });

  it('gives up silently when the latest-build info cannot be fetched', async () => {
    const { actor, clock } = start({ latestFails: true });
    clock.increment(BUILD_CHECK_DELAY_MS);
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('checkFailed');
  });
});
