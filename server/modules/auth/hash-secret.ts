import { createHash } from 'node:crypto';

/**
 * Session tokens, one-time codes, reset and social-registration tokens are stored only as this
 * hash, so a read of the tables lets nobody in. They are random and single-purpose, so a fast hash
 * without salt is enough; passwords use argon2id instead.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
