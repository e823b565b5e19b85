export const SESSION_COOKIE = 'sid';
/**
 * Double-submit protection against cross-site request forgery: the server sets a random token in a
 * cookie that only pages of this site can read, and every state-changing call repeats it in a header.
 */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Which OpenID Connect providers the product knows; each shows only when configured. */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
