import { createHttpClient } from './http';
import { runtimeConfig } from './runtime-config';

/** The API as every feature calls it. */
export const api = createHttpClient({ baseUrl: runtimeConfig.apiBaseUrl });
/** Same-origin files outside the API (build manifests). */
export const site = createHttpClient({ baseUrl: '' });
