import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type Query, skipToken } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '../domain/locale';
import type { RenderedPage, RuntimeConfig } from '../domain/runtime-config';
import { AppProviders, createQueryClient } from './app/providers';
import { appRoutes } from './app/router';
import { initRenderingI18n, usedNamespaces } from './lib/i18n';

export { answerApiRequestsWith } from './lib/api-client';
export { readRuntimeConfigWith } from './lib/runtime-config';

/**
 * The server's side of a page's first view (SERVER_RENDERED_ROUTES): the same routes and components
 * as the browser, rendered to HTML with the answers they asked for.
 */
const { query, dataRoutes } = createStaticHandler(appRoutes);

const wordsByLocale = new Map<Locale, Promise<i18n>>();
const wordsOf = (locale: Locale) => {
  let words = wordsByLocale.get(locale);
  if (!words) wordsByLocale.set(locale, (words = initRenderingI18n(locale)));
  return words;
};

/** Enough for a page, its session and what depends on their answers; a deeper chain finishes in the browser. */
const MOST_RENDERS = 4;

/** A query a component asked for while rendering, which the browser would now fetch. */
function wanted(query: Query): boolean {
  // `enabled` is an observer's option; the query keeps the options of the one that last rendered it.
  const { enabled, queryFn } = query.options as typeof query.options & { enabled?: boolean | ((query: Query) => boolean) };
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled;
  return query.state.status === 'pending' && isEnabled !== false && queryFn !== skipToken;
}

/**
 * Renders the page at `url` (path and query) for one request, whose configuration `config` is.
 * Each render collects the queries its components ask for; they are fetched (through
 * `answerApiRequestsWith`) and the page rendered again, until it asks for nothing new. A query that
 * fails is left out, so the browser shows it loading, as the server did, and fetches it again.
 * Null when the router answers with a redirect.
 */
export async function renderPage(url: string, config: RuntimeConfig): Promise<RenderedPage | null> {
  const context = await query(new Request(new URL(url, 'http://page.invalid')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(dataRoutes, context);
  // Its own copy of the shared words, which notes the namespaces this page used.
  const words = (await wordsOf(config.locale)).cloneInstance({ initAsync: false });
  const queryClient = createQueryClient();
  const tried = new Set<string>();
  for (let render = 1; ; render++) {
    // A fresh style cache each time: a cache writes each style once, and only the last render is sent.
    const styleCache = createCache({ key: 'css', nonce: config.styleNonce ?? undefined });
    // The styles gather in the cache rather than in a `<style>` before each element: one stylesheet in
    // the head is parsed once, where hundreds in the body each make the browser restyle the page.
    styleCache.compat = true;
    const html = renderToString(
      <StrictMode>
        <I18nextProvider i18n={words}>
          <AppProviders queryClient={queryClient} styleCache={styleCache}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </I18nextProvider>
      </StrictMode>,
    );
    const next = queryClient.getQueryCache().findAll({ predicate: (query) => wanted(query) && !tried.has(query.queryHash) });
    if (next.length === 0 || render === MOST_RENDERS) {
      const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(styleCache);
      const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
      return { html, styles, state: { queries: dehydrate(queryClient), namespaces: usedNamespaces(words) } };
    }
    next.forEach((query) => tried.add(query.queryHash));
    await Promise.all(next.map((query) => query.fetch().catch(() => undefined)));
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  }
}
