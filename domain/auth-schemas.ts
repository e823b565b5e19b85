import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { emailField, phoneDigits } from './fields';

// Apart from the session's constants (./auth.ts), which every page's requests read.

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
