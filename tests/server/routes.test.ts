import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from './helpers/test-app';

/**
 * Every URL the marketplace answers, with the parts of its schema, as the modules register them. The
 * client, the end-to-end specs and people's bookmarks call these: a route lost, moved or stripped of
 * its schema while modules are reorganised fails here. A new route is added to the list on purpose.
 */
const EXPECTED_ROUTES = [
  'DELETE /api/ads/:slug params response:200',
  'DELETE /api/favorites/:slug params response:204',
  'DELETE /api/me response:204',
  'GET /*',
  'GET /api/ads querystring response:200',
  'GET /api/ads/:slug params response:200',
  'GET /api/ads/:slug/auction params response:200',
  'GET /api/ads/:slug/participants params response:200',
  'GET /api/auth/oidc/:provider/callback params',
  'GET /api/auth/oidc/:provider/start params querystring',
  'GET /api/auth/session response:200',
  'GET /api/auth/social-registrations/:token params response:200',
  'GET /api/auth/verifications/:id params response:200',
  'GET /api/build/latest querystring response:200',
  'GET /api/categories response:200',
  'GET /api/countries response:200',
  'GET /api/dev/outbox querystring response:200',
  'GET /api/favorites response:200',
  'GET /api/favorites/slugs response:200',
  'GET /api/health response:200',
  'GET /api/me/profile response:200',
  'GET /api/my/ads response:200',
  'GET /api/my/ads/:slug params response:200',
  'GET /api/payments/:paymentId params response:200',
  'GET /api/subscriptions/mine response:200',
  'GET /api/subscriptions/packages querystring response:200',
  'GET /api/users/:slug params response:200',
  'GET /media/:id/:variant params',
  'GET /sandbox-pay/card-form querystring',
  'GET /sandbox-pay/card-form.js',
  'GET /sandbox-pay/challenge/:id params querystring',
  'GET /sandbox-pay/wallet/:id params querystring',
  'HEAD /*',
  'HEAD /api/ads querystring response:200',
  'HEAD /api/ads/:slug params response:200',
  'HEAD /api/ads/:slug/auction params response:200',
  'HEAD /api/ads/:slug/participants params response:200',
  'HEAD /api/auth/oidc/:provider/callback params',
  'HEAD /api/auth/oidc/:provider/start params querystring',
  'HEAD /api/auth/session response:200',
  'HEAD /api/auth/social-registrations/:token params response:200',
  'HEAD /api/auth/verifications/:id params response:200',
  'HEAD /api/build/latest querystring response:200',
  'HEAD /api/categories response:200',
  'HEAD /api/countries response:200',
  'HEAD /api/dev/outbox querystring response:200',
  'HEAD /api/favorites response:200',
  'HEAD /api/favorites/slugs response:200',
  'HEAD /api/health response:200',
  'HEAD /api/me/profile response:200',
  'HEAD /api/my/ads response:200',
  'HEAD /api/my/ads/:slug params response:200',
  'HEAD /api/payments/:paymentId params response:200',
  'HEAD /api/subscriptions/mine response:200',
  'HEAD /api/subscriptions/packages querystring response:200',
  'HEAD /api/users/:slug params response:200',
  'HEAD /media/:id/:variant params',
  'HEAD /sandbox-pay/card-form querystring',
  'HEAD /sandbox-pay/card-form.js',
  'HEAD /sandbox-pay/challenge/:id params querystring',
  'HEAD /sandbox-pay/wallet/:id params querystring',
  'POST /api/ads body response:201 errorFormatter',
  'POST /api/ads/:slug/bids params body response:200,201',
  'POST /api/ads/:slug/buy-now params body response:200,201',
  'POST /api/ads/:slug/end params response:200',
  'POST /api/ads/:slug/finalise params body response:200,201',
  'POST /api/ads/:slug/join-requests params response:201',
  'POST /api/ads/:slug/participants params body response:201',
  'POST /api/ads/:slug/repost params response:200',
  'POST /api/ads/:slug/sub-auctions params body response:200,201',
  'POST /api/auth/oidc/:provider/callback params',
  'POST /api/auth/recovery body response:201',
  'POST /api/auth/recovery/reset body response:200',
  'POST /api/auth/register body response:201',
  'POST /api/auth/sign-in body response:200',
  'POST /api/auth/sign-out response:204',
  'POST /api/auth/verifications/:id/resend params response:200',
  'POST /api/auth/verifications/:id/verify params body response:200',
  'POST /api/contact body response:201',
  'POST /api/dev/auctions/:slug/end-soon params body response:204',
  'POST /api/me/contact body response:201',
  'POST /api/me/password body response:204',
  'POST /api/media response:201',
  'POST /api/payments/:paymentId/confirm params body response:200',
  'POST /api/payments/:paymentId/sync params response:200',
  'POST /api/payments/webhooks/:provider params body response:204',
  'POST /api/subscriptions/:subscriptionId/cancel params response:200',
  'POST /api/subscriptions/checkout body response:200,201',
  'POST /sandbox-pay/challenge/:id params querystring body',
  'POST /sandbox-pay/v1/tokens body',
  'POST /sandbox-pay/wallet/:id params querystring body',
  'PUT /api/ads/:slug params body response:200 errorFormatter',
  'PUT /api/ads/:slug/participants/:userId params body response:200',
  'PUT /api/favorites/:slug params response:204',
  'PUT /api/me/profile body response:200',
];

const registered: string[] = [];
const t = await buildTestApp({
  onRoute: (route) => {
    const schemaParts = Object.entries(route.schema ?? {}).map(([part, value]) => (part === 'response' ? `response:${Object.keys(value as object).join(',')}` : part));
    const formatter = route.schemaErrorFormatter ? ['errorFormatter'] : [];
    for (const method of [route.method].flat()) registered.push([method, route.url, ...schemaParts, ...formatter].join(' '));
  },
});
afterAll(async () => t.close());

it('registers every route at its URL with its schema, and no other', () => {
  expect([...registered].sort()).toEqual(EXPECTED_ROUTES);
});
