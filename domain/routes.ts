/**
 * The routes of SPEC.md section 2. The client builds its router from these paths and the server
 * answers a path that matches none of them with a 404 status (the page still renders the 404 view).
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/Register',
  forgotPassword: '/forget_password',
  profile: '/profile',
  myAds: '/my_ads',
  myReviews: '/my_reviews',
  mySubscriptions: '/my_subscriptions',
  receipt: '/receipts/:paymentId',
  orders: '/orders',
  order: '/orders/:orderId',
  ad: '/ad/:slug',
  adDraft: '/ad/draft/:slug',
  adEdit: '/ad/edit/:slug',
  createSale: '/create-sales',
  createSaleOfType: '/create-sales/:slug',
  favorites: '/favorites',
  messages: '/messages',
  conversation: '/messages/:slug',
  productList: '/product_list',
  subscriptions: '/subscriptions',
  subscriptionCheckout: '/subscriptions/:slug',
  user: '/user/:slug',
  contactUs: '/contact_us',
  faq: '/frequently_asked_questions',
  privacyPolicy: '/privacy-policy',
  terms: '/terms_and_conditions',
  whoAreWe: '/who_are_we',
  pushToken: '/push-token',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * The page module under `src/features` each route renders. The client's router loads it when the route
 * is first visited; the server names its files in the page's HTML, so that a browser fetches them
 * beside the entry script rather than after running it.
 */
export const PAGE_MODULES = {
  home: 'ads/pages/home-page',
  login: 'auth/pages/login-page',
  register: 'auth/pages/register-page',
  forgotPassword: 'auth/pages/forgot-password-page',
  profile: 'account/pages/profile-page',
  myAds: 'sell/pages/my-ads-page',
  myReviews: 'account/pages/my-reviews-page',
  mySubscriptions: 'subscriptions/pages/my-subscriptions-page',
  receipt: 'payments/pages/receipt-page',
  orders: 'orders/pages/orders-page',
  order: 'orders/pages/order-page',
  ad: 'ads/pages/ad-page',
  adDraft: 'sell/pages/ad-draft-page',
  adEdit: 'sell/pages/ad-edit-page',
  createSale: 'sell/pages/create-sales-page',
  createSaleOfType: 'sell/pages/create-sale-of-type-page',
  favorites: 'ads/pages/favorites-page',
  messages: 'messages/pages/messages-page',
  conversation: 'messages/pages/conversation-page',
  productList: 'ads/pages/product-list-page',
  subscriptions: 'subscriptions/pages/subscriptions-page',
  subscriptionCheckout: 'subscriptions/pages/subscription-checkout-page',
  user: 'ads/pages/user-page',
  contactUs: 'static-pages/pages/contact-us-page',
  faq: 'static-pages/pages/faq-page',
  privacyPolicy: 'static-pages/pages/privacy-policy-page',
  terms: 'static-pages/pages/terms-page',
  whoAreWe: 'static-pages/pages/who-are-we-page',
  pushToken: 'push/pages/push-token-page',
} as const satisfies Record<RouteName, string>;

/**
 * The public pages the server renders with their data, so a phone paints them from the first
 * response; the others (signed-in pages, forms) start in the browser.
 */
export const SERVER_RENDERED_ROUTES: ReadonlySet<RouteName> = new Set(['home', 'productList', 'ad', 'user', 'contactUs', 'faq', 'privacyPolicy', 'terms', 'whoAreWe']);

/** Fills `:param` segments; values are URI-encoded. */
export function pathTo(route: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[route].replace(/:([a-z]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${route}`);
    return encodeURIComponent(value);
  });
}

const ROUTE_MATCHERS = (Object.entries(ROUTES) as Array<[RouteName, string]>).map(([route, pattern]) => ({
  route,
  matcher: new RegExp(`^${pattern.replace(/:([a-z]+)/gi, '(?<$1>[^/]+)')}/?$`, 'i'),
}));

/**
 * The route a pathname belongs to (case-insensitive, as the client router matches) with its `:param`
 * segments as they appear in the path, still URI-encoded; null for a path of no route.
 */
export function matchRoute(pathname: string): { route: RouteName; params: Record<string, string> } | null {
  for (const { route, matcher } of ROUTE_MATCHERS) {
    const match = matcher.exec(pathname);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}

/** Whether a pathname belongs to a known route. */
export function isKnownPath(pathname: string): boolean {
  return matchRoute(pathname) !== null;
}

export const SIGN_IN_REDIRECT_PARAM = 'redirect';
/** Carries a social sign-in that has no account yet to the registration form (`/Register?social=<token>`). */
export const SOCIAL_REGISTRATION_PARAM = 'social';
/** Carries why a social sign-in failed back to the sign-in page (`/login?error=<code>`). */
export const SIGN_IN_ERROR_PARAM = 'error';
/** Keeps a code-entry step open across a reload (`?verification=<id>`). */
export const VERIFICATION_PARAM = 'verification';

/** Carries the page a buyer left to buy a package (an ad refused for lack of credit) through the packages and checkout (`?returnTo=/ad/x/draft`). */
export const RETURN_TO_PARAM = 'returnTo';
/** Names the payment a person comes back to from a payment provider's page (`?payment=<id>`). */
export const PAYMENT_PARAM = 'payment';

/** A path with the page to come back to, when there is one. */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}${path.includes('?') ? '&' : '?'}${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : path;
}

/** Where to send a visitor to sign in so that they come back to `back` afterwards. */
export function signInPathFor(back: string): string {
  return `${ROUTES.login}?${SIGN_IN_REDIRECT_PARAM}=${encodeURIComponent(back)}`;
}

/** Only a path on this site may be a redirect target; anything else goes home. */
export function safeRedirectPath(value: string | null | undefined): string {
  // Browsers drop tabs and newlines in URLs, so `/\t/evil.example` would become `//evil.example`;
  // a redirect target from this site is already URL-encoded and holds no whitespace or backslash.
  if (!value || !value.startsWith('/') || /[\s\\]/.test(value) || value.startsWith('//')) return ROUTES.home;
  return value;
}

/** A listing address; its filters live in the query string so a search can be shared. */
export function productListPath(filters: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return query.size > 0 ? `${ROUTES.productList}?${query}` : ROUTES.productList;
}
