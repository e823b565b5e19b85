import { CSRF_COOKIE } from '../../domain/auth';
import { readCookie } from '../../domain/locale';
import { createHttpClient } from './http';
import { isOnline } from './online';
import { runtimeConfig } from './runtime-config';

/** Where the API's requests go: the network, or, while the server renders a page, that server itself. */
let send: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** On the server: the API's requests of a page being rendered are answered by `answer` (paths start at the API's root). */
export function answerApiRequestsWith(answer: typeof fetch) {
  send = answer;
}

/** The API as every feature calls it. */
export const api = createHttpClient({
  baseUrl: import.meta.env.SSR ? '' : runtimeConfig().apiBaseUrl,
  fetch: (input, init) => send(input, init),
  csrfToken: () => readCookie(document.cookie, CSRF_COOKIE),
  isOnline,
});
/** Same-origin files outside the API (build manifests). */
export const site = createHttpClient({ baseUrl: '', isOnline });
