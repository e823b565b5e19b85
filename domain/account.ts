import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { MAX_CATALOG_ID } from './catalog';
import { ERROR_CODES } from './errors';
import { toLatinDigits } from './digits';
import { emailField, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneDigits, requiredText } from './fields';
import { SOCIAL_PROVIDERS } from './auth';
import { sessionUserSchema } from './auth-schemas';

/** Rules of SPEC.md sections 5 and 9 for people's accounts, shared by the forms and the API. */
export const PASSWORD_MIN_LENGTH = 6;

export const passwordField = z
  .string({ error: ERROR_CODES.REQUIRED })
  .min(1, { error: ERROR_CODES.REQUIRED, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: ERROR_CODES.PASSWORD_TOO_SHORT, abort: true })
  .max(200, { error: ERROR_CODES.VALIDATION_FAILED });

/**
 * A phone number with its country code, as international digits (`966501234567`). Arabic-Indic
 * digits, spaces, dashes, brackets and a leading `+` or `00` are accepted as typed; anything else
 * that is not a digit is refused rather than silently dropped. Validity per country comes from
 * libphonenumber's full metadata, not a hand-written pattern.
 */
export const phoneNumberField = phoneDigits.pipe(
    z
      .string()
      .min(1, { error: ERROR_CODES.REQUIRED, abort: true })
      .regex(/^\d+$/, { error: ERROR_CODES.PHONE_DIGITS_ONLY, abort: true })
      .min(PHONE_MIN_DIGITS, { error: ERROR_CODES.PHONE_LENGTH, abort: true })
      .max(PHONE_MAX_DIGITS, { error: ERROR_CODES.PHONE_LENGTH, abort: true })
      .refine((digits) => isValidPhoneNumber(`+${digits}`), { error: ERROR_CODES.PHONE_INVALID }),
  );

/** The channels a one-time code can travel by (SPEC.md section 7). */
export const CODE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export const PHONE_CHANNELS = ['sms', 'whatsapp'] as const;

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_COOLDOWN_MS = 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** Codes one verification may send in all: a resend grants fresh attempts, so resends are capped too. */
export const CODE_MAX_SENDS = 5;
/** How long a verified recovery code lets its holder choose a new password. */
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

export const countryCodeField = z.string({ error: ERROR_CODES.REQUIRED }).length(2, { error: ERROR_CODES.REQUIRED });
export const cityIdField = z.coerce
  .number({ error: ERROR_CODES.REQUIRED })
  .int({ error: ERROR_CODES.REQUIRED })
  .positive({ error: ERROR_CODES.REQUIRED })
  .max(MAX_CATALOG_ID, { error: ERROR_CODES.REQUIRED });

const personFields = {
  firstName: requiredText(60),
  lastName: requiredText(60),
  country: countryCodeField,
  cityId: cityIdField,
};

export const registerSchema = z.object({
  ...personFields,
  email: emailField,
  phone: phoneNumberField,
  password: passwordField,
  agreeToTerms: z.literal(true, { error: ERROR_CODES.TERMS_NOT_AGREED }),
  channel: z.enum(CODE_CHANNELS),
  /** Links a pending social sign-in (OpenID Connect) to the new account. */
  socialToken: z.string().max(200).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const CODE_PURPOSES = ['REGISTER', 'RECOVER', 'CHANGE_EMAIL', 'CHANGE_PHONE'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** A code on its way: where it went (masked) and the server times that govern the entry screen. */
export const verificationSchema = z.object({
  id: z.string(),
  purpose: z.enum(CODE_PURPOSES),
  channel: z.enum(CODE_CHANNELS),
  destination: z.string(),
  expiresAt: z.number(),
  resendAvailableAt: z.number(),
  attemptsLeft: z.number().int(),
  /** The server clock when this answer left, so the client draws countdowns in server time. */
  serverNow: z.number(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const verifyCodeSchema = z.object({
  code: z
    .string({ error: ERROR_CODES.REQUIRED })
    .transform((value) => toLatinDigits(value).replace(/\s/g, ''))
    .pipe(z.string().min(1, { error: ERROR_CODES.REQUIRED, abort: true }).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: ERROR_CODES.INCORRECT_CODE })),
});

export const recoveryStartSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: emailField }),
  z.object({ method: z.literal('phone'), phone: phoneNumberField, channel: z.enum(PHONE_CHANNELS) }),
]);
export type RecoveryStartInput = z.input<typeof recoveryStartSchema>;

export const resetPasswordSchema = z.object({
  resetToken: z.string().min(1).max(200),
  password: passwordField,
});

/** The new password as the recovery form asks for it: typed twice, the second copy catching a slip the hidden characters would hide. */
export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], error: ERROR_CODES.PASSWORDS_DO_NOT_MATCH });

export const profileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  cityId: z.number().nullable(),
  about: z.string(),
  joinedAt: z.number(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  ...personFields,
  about: z.string().trim().max(1000, { error: ERROR_CODES.VALIDATION_FAILED }),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** A new email or phone takes effect only once the code sent to it is entered. */
export const changeContactSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), email: emailField }),
  z.object({ kind: z.literal('phone'), phone: phoneNumberField, channel: z.enum(PHONE_CHANNELS) }),
]);
export type ChangeContactInput = z.input<typeof changeContactSchema>;

/** A stored number (international digits, `966501234567`) as people read it: `+966 50 123 4567`. */
export function readablePhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: ERROR_CODES.REQUIRED }).min(1, { error: ERROR_CODES.REQUIRED }),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** What a social sign-in with no account yet brings to the registration form. */
export const socialRegistrationSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type SocialRegistration = z.infer<typeof socialRegistrationSchema>;

export const signInResultSchema = z.union([
  z.object({ user: sessionUserSchema }),
  /** The password was right but the account was never verified: a fresh code went out. */
  z.object({ verification: verificationSchema }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const verifyCodeResultSchema = z.object({
  purpose: z.enum(CODE_PURPOSES),
  /** Present once the person is signed in: after registration, or after a contact change. */
  user: sessionUserSchema.optional(),
  /** Present after a recovery code: it lets the holder set a new password, once, for a while. */
  resetToken: z.string().optional(),
});
export type VerifyCodeResult = z.infer<typeof verifyCodeResultSchema>;
