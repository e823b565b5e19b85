import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PAGE_MODULES, type RouteName, ROUTES } from '../../domain/routes';
import { DefaultLayout } from './layouts/default-layout';
import { LoginLayout } from './layouts/login-layout';
import { ProfileLayout } from './layouts/profile-layout';
import { RequireAuth } from './guards/require-auth';
import { RootShell } from './root-shell';
import { PageLoading } from '../lib/ui/page-loading';
import { RouteErrorView } from './errors/route-error-view';
import { NotFoundView } from './errors/not-found-view';
import { ChunkLoadFailure } from './errors/chunk-load-failure';
import { isChunkLoadError } from '../lib/chunk-reload';

/**
 * Each page is its own chunk, fetched when its route is first visited. A chunk that fails to
 * download is answered by a page that decides about reloading, not by an error.
 */
const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      if (isChunkLoadError(error)) return { Component: ChunkLoadFailure };
      throw error;
    }
  };

const pageModules = import.meta.glob<{ default: ComponentType }>('../features/*/pages/*.tsx');

// The boundary sits on the page, so a failing page keeps its layout's header and navigation.
const route = (name: RouteName): RouteObject => ({
  path: ROUTES[name],
  lazy: page(pageModules[`../features/${PAGE_MODULES[name]}.tsx`]!),
  ErrorBoundary: RouteErrorView,
});

export const appRoutes: RouteObject[] = [
  {
    Component: RootShell,
    HydrateFallback: PageLoading,
    children: [
      {
        Component: DefaultLayout,
        ErrorBoundary: RouteErrorView,
        children: [
          route('home'),
          route('productList'),
          route('ad'),
          route('user'),
          route('createSale'),
          route('createSaleOfType'),
          route('subscriptions'),
          route('contactUs'),
          route('faq'),
          route('privacyPolicy'),
          route('terms'),
          route('whoAreWe'),
          {
            Component: RequireAuth,
            children: [
              route('adDraft'),
              route('adEdit'),
              route('favorites'),
              route('messages'),
              route('conversation'),
              route('subscriptionCheckout'),
              route('pushToken'),
            ],
          },
          { path: '*', Component: NotFoundView },
        ],
      },
      {
        Component: LoginLayout,
        ErrorBoundary: RouteErrorView,
        children: [
          route('login'),
          route('register'),
          route('forgotPassword'),
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: ProfileLayout,
            ErrorBoundary: RouteErrorView,
            children: [
              route('profile'),
              route('myAds'),
              route('myReviews'),
              route('mySubscriptions'),
              route('receipt'),
              route('orders'),
              route('order'),
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Fetches the code of the pages a path shows and puts it in place of their `lazy`: a router made
 * after this renders the page at once, as the server did, instead of its loading view.
 */
export async function loadPagesOf(pathname: string) {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
