import type { SocialProvider } from './auth';
import type { Locale } from './locale';

/**
 * What the server puts into every HTML page, as JSON in the element RUNTIME_CONFIG_ELEMENT_ID. A type
 * only: the server writes it and the browser reads it without a schema, so zod is not among the
 * scripts a page needs before its first render.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  locale: Locale;
  defaultLocale: Locale;
  /** ISO 4217 code. */
  currency: string;
  buildId: string;
  uploadLimits: { imageBytes: number; videoBytes: number; documentBytes: number };
  /** ISO 3166 alpha-2 code of the visitor's country, when known. */
  country: string | null;
  /** The OpenID Connect providers configured on this server; their buttons show only then. */
  socialSignIn: SocialProvider[];
  /** Outside production, the channels whose messages go to the local outbox instead of a provider. */
  localOutboxChannels: string[];
  /** Outside production: the owner may bring a running auction's end closer, to try its final window. */
  auctionClockTool: boolean;
  /** The nonce of this page's Content-Security-Policy for the `<style>` elements written while it runs; null where any inline style is allowed. */
  styleNonce: string | null;
  /** The IANA zone the page shows times in: the device's, as its cookie last told the server. */
  timeZone: string;
  /** The server's time when it rendered the page's first view (null when it sent an empty page): what its clocks showed. */
  renderedAt: number | null;
}

/** A `<script type="application/json">` element: data the page reads, never a script it runs, so the policy needs no inline script. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'app-config';
/** Likewise: what a server-rendered page was rendered from (`FirstViewState`), so the browser renders the same. */
export const FIRST_VIEW_STATE_ELEMENT_ID = 'app-first-view';
/** Set on the `<html>` element once the app has taken the page over (src/main.tsx). */
export const APP_RUNNING_ATTRIBUTE = 'data-app-running';

/** The query cache's answers (TanStack Query's dehydrated state) and the translation namespaces a page's first view used. */
export interface FirstViewState {
  queries: unknown;
  namespaces: string[];
}

/** A public page's first view as the server rendered it, and what the browser needs to take it over. */
export interface RenderedPage {
  html: string;
  /** The `<style>` elements of the styles the first view used, for the page's head. */
  styles: string;
  state: FirstViewState;
}

/** Where a build's manifest lives: one path per build id (SPEC.md section 7). */
export function buildManifestPath(buildId: string): string {
  return `/_build/${encodeURIComponent(buildId)}/manifest.json`;
}
export const LATEST_BUILD_PATH = '/api/build/latest';
/** Where development reads the messages no provider sent (README, "Trying it"). */
export const DEV_OUTBOX_PATH = '/api/dev/outbox';
/** Outside production: the owner brings their running auction's end to `inMs` from now (a path under the API base). */
export const devEndAuctionSoonPath = (slug: string) => `/dev/auctions/${slug}/end-soon`;
