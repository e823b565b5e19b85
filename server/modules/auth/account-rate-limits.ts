import type { RateLimitPolicy } from '../../plugins/rate-limit';

const MINUTE_MS = 60 * 1000;

/** Wrong passwords for one account, from anywhere: stops guessing one person's password. */
export const SIGN_IN_FAILURES_PER_ACCOUNT: RateLimitPolicy = { name: 'sign-in-account', limit: 5, windowMs: 15 * MINUTE_MS };
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
