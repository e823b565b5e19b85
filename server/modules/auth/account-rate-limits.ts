import type { RateLimitPolicy } from '../../plugins/rate-limit';
import { MINUTE_MS } from '../../../domain/timing';

/**
 * Wrong passwords for one account from one address: stops guessing one person's password, and
 * locks out only the address that guessed, so a stranger cannot lock the owner out.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: RateLimitPolicy = { name: 'sign-in-account-address', limit: 5, windowMs: 15 * MINUTE_MS };
/**
 * Wrong passwords for one account from anywhere: caps guessing spread over many addresses at the
 * rate OWASP ASVS 2.2.1 allows. Reaching it locks the owner out too, which takes a botnet's effort.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT: RateLimitPolicy = { name: 'sign-in-account', limit: 100, windowMs: 60 * MINUTE_MS };
/**
 * Wrong passwords from one address, for any account: stops spraying one password over many.
 * Only failures count, and generously: whole neighbourhoods share one address behind mobile
 * carriers' NAT, and their successful sign-ins must never lock each other out.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS: RateLimitPolicy = { name: 'sign-in-address', limit: 50, windowMs: 15 * MINUTE_MS };
/** New accounts from one address: each one sends a message, which costs money and annoys people. */
export const REGISTRATIONS_PER_ADDRESS: RateLimitPolicy = { name: 'register-address', limit: 10, windowMs: 60 * MINUTE_MS };
/** Recovery codes per account and per address: each one reaches a person's inbox or phone. */
export const RECOVERIES_PER_ACCOUNT: RateLimitPolicy = { name: 'recover-account', limit: 5, windowMs: 60 * MINUTE_MS };
export const RECOVERIES_PER_ADDRESS: RateLimitPolicy = { name: 'recover-address', limit: 20, windowMs: 60 * MINUTE_MS };
/** Codes to new addresses per account: each one reaches someone who may not be the account's owner. */
export const CONTACT_CHANGES_PER_ACCOUNT: RateLimitPolicy = { name: 'contact-change-account', limit: 5, windowMs: 60 * MINUTE_MS };
/** Wrong current passwords per account: a borrowed session must not be a way to guess the password. */
export const CURRENT_PASSWORD_FAILURES_PER_ACCOUNT: RateLimitPolicy = { name: 'current-password-account', limit: 5, windowMs: 15 * MINUTE_MS };
