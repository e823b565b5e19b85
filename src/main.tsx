import createCache from '@emotion/cache';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createPath } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { TIME_ZONE_COOKIE } from '../domain/locale';
import { APP_RUNNING_ATTRIBUTE, FIRST_VIEW_STATE_ELEMENT_ID, type FirstViewState } from '../domain/runtime-config';
import { api, site } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { startInspector } from './lib/inspect';
import { writePreferenceCookie } from './lib/preferences';
import { deviceTimeZone, runtimeConfig } from './lib/runtime-config';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter, loadPagesOf } from './app/router';
import { WordsProvider } from './app/words-provider';

const container = document.getElementById('root')!;
// The server writes times in the zone it was told, which the device corrects for next time. The first
// question to the device's Intl is slow: it waits for a task of its own, not the one that loads the app.
setTimeout(() => {
  if (deviceTimeZone() !== runtimeConfig().timeZone) writePreferenceCookie(TIME_ZONE_COOKIE, deviceTimeZone());
});

// Made before anything renders: it takes over the server's <style> elements, so no style is written twice.
const styleCache = createCache({ key: 'css', nonce: runtimeConfig().styleNonce ?? undefined });
const queryClient = createQueryClient();
const firstView = container.hasChildNodes() ? (JSON.parse(document.getElementById(FIRST_VIEW_STATE_ELEMENT_ID)!.textContent!) as FirstViewState) : null;
// Adopting the server's view, nothing may wait that the server did not: the page's code and its words come first.
const [words] = await Promise.all([initI18n(runtimeConfig().locale), startInspector(), firstView ? loadPagesOf(window.location.pathname) : null]);
if (firstView) await words.loadNamespaces(firstView.namespaces);
const router = createAppRouter();

/**
 * Marks the document once the app runs it. Until then a server-rendered page is only painted HTML
 * that answers no tap; whatever must act as a person would (the end-to-end tests) waits for the mark.
 * It wraps the app rather than sitting beside it: a sibling would change the ids `useId` gives, and
 * they would no longer match the server's.
 */
function MarkAppRunning({ children }: { children: ReactNode }) {
  useEffect(() => document.documentElement.setAttribute(APP_RUNNING_ATTRIBUTE, ''), []);
  return children;
}

const app = (
  <StrictMode>
    <MarkAppRunning>
      <WordsProvider initialLocale={runtimeConfig().locale}>
        <AppProviders queryClient={queryClient} styleCache={styleCache}>
          <RouterProvider router={router} />
        </AppProviders>
      </WordsProvider>
    </MarkAppRunning>
  </StrictMode>
);
if (firstView) {
  const answers = firstView.queries as DehydratedState;
  hydrate(queryClient, answers);
  keepFirstViewAnswersOnThisPage(answers);
  // As a transition, the take-over yields to the browser every few milliseconds: a tap or a scroll
  // on the painted page is answered meanwhile, instead of after the whole page has hydrated.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}

/**
 * The server asked the first view's queries for this very page: asking them again as the page is
 * taken over would fetch the same answers and render them a second time. Once the person is on
 * another page, a query mounted again refreshes as usual.
 */
function keepFirstViewAnswersOnThisPage(answers: DehydratedState) {
  const answered = new Set(answers.queries.map((query) => query.queryHash));
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnMount: (query) => !answered.has(query.queryHash) } });
  const firstLocation = router.state.location;
  const stopWatching = router.subscribe((state) => {
    if (state.location === firstLocation) return;
    answered.clear();
    stopWatching();
  });
}

// The newer-build watch (and xstate behind it) is not needed for the first paint: it starts after.
const { startBuildCheck } = await import('./lib/build-check');
const buildCheck = startBuildCheck({
  api,
  site,
  currentBuildId: runtimeConfig().buildId,
  connection: (navigator as Navigator & { connection?: { effectiveType?: string } }).connection,
  now: Date.now,
  loadPage: (url) => window.location.assign(url),
});
router.subscribe((state) => {
  if (state.navigation.state === 'loading') buildCheck.navigating(createPath(state.navigation.location));
});
