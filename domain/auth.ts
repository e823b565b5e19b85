import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { emailField, phoneDigits } from './fields';

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

/** A password as typed, spaces included: sign-in compares exactly what registration stored. */
const typedPassword = z.string({ error: ERROR_CODES.REQUIRED }).min(1, { error: ERROR_CODES.REQUIRED }).max(200, { error: ERROR_CODES.VALIDATION_FAILED });

export const signInSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: emailField, password: typedPassword }),
  z.object({
    method: z.literal('phone'),
    phone: phoneDigits.pipe(z.string().min(1, { error: ERROR_CODES.REQUIRED })),
    password: typedPassword,
  }),
]);
export type SignInInput = z.input<typeof signInSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  slug: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
