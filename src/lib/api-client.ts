import { CSRF_COOKIE } from '../../domain/auth';
import { readCookie } from '../../domain/locale';
import { createHttpClient } from './http';
import { isOnline } from './online';
import { runtimeConfig } from './runtime-config';

/** The API as every feature calls it. */
export const api = createHttpClient({ baseUrl: runtimeConfig.apiBaseUrl, csrfToken: () => readCookie(document.cookie, CSRF_COOKIE), isOnline });
/** Same-origin files outside the API (build manifests). */
export const site = createHttpClient({ baseUrl: '', isOnline });
