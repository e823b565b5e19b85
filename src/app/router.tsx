import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '../../domain/routes';
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

// The boundary sits on the page, so a failing page keeps its layout's header and navigation.
const route = (path: string, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  path,
  lazy: page(load),
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
          route(ROUTES.home, () => import('../features/ads/pages/home-page')),
          route(ROUTES.productList, () => import('../features/ads/pages/product-list-page')),
          route(ROUTES.ad, () => import('../features/ads/pages/ad-page')),
          route(ROUTES.user, () => import('../features/ads/pages/user-page')),
          route(ROUTES.createSale, () => import('../features/sell/pages/create-sales-page')),
          route(ROUTES.createSaleOfType, () => import('../features/sell/pages/create-sale-of-type-page')),
          route(ROUTES.subscriptions, () => import('../features/subscriptions/pages/subscriptions-page')),
          route(ROUTES.contactUs, () => import('../features/static-pages/pages/contact-us-page')),
          route(ROUTES.faq, () => import('../features/static-pages/pages/faq-page')),
          route(ROUTES.privacyPolicy, () => import('../features/static-pages/pages/privacy-policy-page')),
          route(ROUTES.terms, () => import('../features/static-pages/pages/terms-page')),
          route(ROUTES.whoAreWe, () => import('../features/static-pages/pages/who-are-we-page')),
          {
            Component: RequireAuth,
            children: [
              route(ROUTES.adDraft, () => import('../features/sell/pages/ad-draft-page')),
              route(ROUTES.adEdit, () => import('../features/sell/pages/ad-edit-page')),
              route(ROUTES.favorites, () => import('../features/ads/pages/favorites-page')),
              route(ROUTES.messages, () => import('../features/messages/pages/messages-page')),
              route(ROUTES.conversation, () => import('../features/messages/pages/conversation-page')),
              route(ROUTES.subscriptionCheckout, () => import('../features/subscriptions/pages/subscription-checkout-page')),
              route(ROUTES.pushToken, () => import('../features/push/pages/push-token-page')),
            ],
          },
          { path: '*', Component: NotFoundView },
        ],
      },
      {
        Component: LoginLayout,
        ErrorBoundary: RouteErrorView,
        children: [
          route(ROUTES.login, () => import('../features/auth/pages/login-page')),
          route(ROUTES.register, () => import('../features/auth/pages/register-page')),
          route(ROUTES.forgotPassword, () => import('../features/auth/pages/forgot-password-page')),
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: ProfileLayout,
            ErrorBoundary: RouteErrorView,
            children: [
              route(ROUTES.profile, () => import('../features/account/pages/profile-page')),
              route(ROUTES.myAds, () => import('../features/sell/pages/my-ads-page')),
              route(ROUTES.myReviews, () => import('../features/account/pages/my-reviews-page')),
              route(ROUTES.mySubscriptions, () => import('../features/account/pages/my-subscriptions-page')),
              route(ROUTES.orders, () => import('../features/account/pages/orders-page')),
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
