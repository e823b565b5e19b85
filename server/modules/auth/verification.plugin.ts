import { randomInt, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Selectable } from 'kysely';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_MAX_SENDS,
  CODE_RESEND_COOLDOWN_MS,
  CODE_TTL_MS,
  type CodeChannel,
  type CodePurpose,
  type Verification,
} from '../../../domain/account';
import { ERROR_CODES } from '../../../domain/errors';
import type { Locale } from '../../../domain/locale';
import type { VerificationCodeTable } from '../../db/schema';
import { AppError } from '../../errors';
import { outgoingMessage } from '../../i18n';
import { hashSecret } from './hash-secret';

export type VerificationRow = Selectable<VerificationCodeTable>;

export interface CodeRequest {
  userId: string;
  purpose: CodePurpose;
  channel: CodeChannel;
  /** An email address or international phone digits: where the code goes. */
  destination: string;
  locale: Locale;
}

declare module 'fastify' {
  interface FastifyInstance {
    verifications: {
      /**
       * Sends a fresh code, replacing any unused one of the same person and purpose. Asked again for
       * the same destination within the resend cooldown, it answers with the code already on its way,
       * so repeating a sign-in or a recovery request cannot flood someone's phone.
       */
      issue(request: CodeRequest): Promise<Verification>;
      /** The pending verification, or NOT_FOUND once used or unknown. */
      pending(id: string): Promise<VerificationRow>;
      /** Checks a code; a right one marks the verification used and returns it. */
      verify(id: string, code: string): Promise<VerificationRow>;
      resend(id: string): Promise<Verification>;
      describe(row: VerificationRow): Verification;
    };
  }
}

function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** Enough of the destination for the person to recognise it, not enough to learn it. */
export function maskDestination(channel: CodeChannel, destination: string): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = destination.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return `+${destination.slice(0, 3)}${'•'.repeat(Math.max(0, destination.length - 6))}${destination.slice(-3)}`;
}

/**
 * One-time codes for registration, recovery and contact changes. Only a hash of each code is
 * stored; a code lives CODE_TTL_MS, allows CODE_MAX_ATTEMPTS wrong guesses, and can be sent again
 * only after CODE_RESEND_COOLDOWN_MS, all measured on the server clock.
 */
export default fp(
  async (app) => {
    const describe = (row: VerificationRow): Verification => ({
      id: row.id,
      purpose: row.purpose as CodePurpose,
      channel: row.channel as CodeChannel,
      destination: maskDestination(row.channel as CodeChannel, row.destination),
      expiresAt: row.expires_at,
      resendAvailableAt: row.resend_available_at,
      attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - row.attempts),
      serverNow: app.now(),
    });

    const send = async (row: Pick<VerificationRow, 'purpose' | 'channel' | 'destination' | 'locale'>, code: string) => {
      const message = outgoingMessage(`code${row.purpose}`, row.locale as Locale, { code, minutes: String(CODE_TTL_MS / 60_000) });
      await app.messages.deliver({ channel: row.channel as CodeChannel, recipient: row.destination, ...message });
    };

    const pending = async (id: string) => {
      const row = await app.db.selectFrom('verification_codes').selectAll().where('id', '=', id).where('verified_at', 'is', null).executeTakeFirst();
      if (!row) throw new AppError(ERROR_CODES.NOT_FOUND);
      return row;
    };

    app.decorate('verifications', {
      describe,
      pending,

      async issue({ userId, purpose, channel, destination, locale }) {
        const now = app.now();
        const onItsWay = await app.db
          .selectFrom('verification_codes')
          .selectAll()
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('channel', '=', channel)
          .where('destination', '=', destination)
          .where('verified_at', 'is', null)
          .where('resend_available_at', '>', now)
          .executeTakeFirst();
        if (onItsWay) return describe(onItsWay);

        const code = newCode();
        const row: VerificationRow = {
          id: randomUUID(),
          user_id: userId,
          purpose,
          channel,
          destination,
          locale,
          code_hash: hashSecret(code),
          attempts: 0,
          sends: 1,
          expires_at: now + CODE_TTL_MS,
          resend_available_at: now + CODE_RESEND_COOLDOWN_MS,
          verified_at: null,
          reset_token_hash: null,
          reset_expires_at: null,
          created_at: now,
        };
        await app.db.insertInto('verification_codes').values(row).execute();
        try {
          await send(row, code);
        } catch (error) {
          // A code nobody received must not linger, and the one sent before it stays usable.
          await app.db.deleteFrom('verification_codes').where('id', '=', row.id).execute();
          throw error;
        }
        // Only the newest code of a purpose counts: the earlier ones stop working once it has gone out.
        await app.db
          .deleteFrom('verification_codes')
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('verified_at', 'is', null)
          .where('id', '!=', row.id)
          .execute();
        return describe(row);
      },

      async verify(id, code) {
        const now = app.now();
        // Every guess spends an attempt before it is compared, in one conditional statement, so a
        // burst of parallel guesses gets no more than CODE_MAX_ATTEMPTS comparisons between them.
        const guess = await app.db
          .updateTable('verification_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('verified_at', 'is', null)
          .where('expires_at', '>', now)
          .where('attempts', '<', CODE_MAX_ATTEMPTS)
          .returning(['attempts', 'code_hash'])
          .executeTakeFirst();
        if (!guess) {
          const row = await pending(id);
          throw new AppError(row.expires_at <= now ? ERROR_CODES.CODE_EXPIRED : ERROR_CODES.CODE_ATTEMPTS_EXCEEDED);
        }
        if (hashSecret(code) !== guess.code_hash) {
          if (guess.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(ERROR_CODES.CODE_ATTEMPTS_EXCEEDED);
          throw new AppError(ERROR_CODES.INCORRECT_CODE, { code: ERROR_CODES.INCORRECT_CODE });
        }
        // Only one request may use a code, even when two arrive together; a resend in between
        // replaced the hash, and the code compared is then no longer the one to enter.
        const used = await app.db
          .updateTable('verification_codes')
          .set({ verified_at: now })
          .where('id', '=', id)
          .where('verified_at', 'is', null)
          .where('code_hash', '=', guess.code_hash)
          .returningAll()
          .executeTakeFirst();
        if (!used) throw new AppError(ERROR_CODES.NOT_FOUND);
        return used;
      },

      async resend(id) {
        const row = await pending(id);
        const now = app.now();
        if (row.sends >= CODE_MAX_SENDS) throw new AppError(ERROR_CODES.CODE_SEND_LIMIT);
        if (now < row.resend_available_at) {
          const retryAfterS = Math.ceil((row.resend_available_at - now) / 1000);
          throw new AppError(ERROR_CODES.RESEND_COOLDOWN, undefined, { 'Retry-After': String(retryAfterS) });
        }
        const code = newCode();
        const renewed = { code_hash: hashSecret(code), attempts: 0, sends: row.sends + 1, expires_at: now + CODE_TTL_MS, resend_available_at: now + CODE_RESEND_COOLDOWN_MS };
        // Claimed before sending, so of two resends at once only one sends, and its code is the one stored.
        const claimed = await app.db
          .updateTable('verification_codes')
          .set(renewed)
          .where('id', '=', id)
          .where('verified_at', 'is', null)
          .where('resend_available_at', '=', row.resend_available_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(ERROR_CODES.RESEND_COOLDOWN, undefined, { 'Retry-After': String(CODE_RESEND_COOLDOWN_MS / 1000) });
        try {
          await send(row, code);
        } catch (error) {
          // Nothing reached the person: let them ask again at once.
          await app.db.updateTable('verification_codes').set({ resend_available_at: now }).where('id', '=', id).execute();
          throw error;
        }
        return describe({ ...row, ...renewed });
      },
    });
  },
  { name: 'verifications', dependencies: ['database', 'clock', 'messages'] },
);
