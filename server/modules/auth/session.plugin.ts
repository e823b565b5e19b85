import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../../domain/auth';
import type { SessionUser } from '../../../domain/auth-schemas';
import { ERROR_CODES } from '../../../domain/errors';
import { LOCALE_COOKIE } from '../../../domain/locale';
import { localeOfRequest } from '../../i18n';
import { fullNameOf } from '../../../domain/user';
import { AppError } from '../../errors';
import { hashSecret } from './hash-secret';

declare module 'fastify' {
  interface FastifyRequest {
    user: (SessionUser & { sessionId: string }) | null;
  }
  interface FastifyInstance {
    sessions: {
      /** The signed-in user a session cookie's token stands for; null when it stands for none (any more). */
      userOfToken(token: string): Promise<FastifyRequest['user']>;
      start(reply: FastifyReply, userId: string): Promise<void>;
      end(reply: FastifyReply, sessionId: string | undefined): Promise<void>;
      /** Ends every session of the user but `keepSessionId` (after a password change or reset). */
      endOthers(userId: string, keepSessionId?: string): Promise<void>;
    };
  }
}

/** The signed-in user of a request that needs one; a visitor is refused with UNAUTHENTICATED. */
export function requireUser(request: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!request.user) throw new AppError(ERROR_CODES.UNAUTHENTICATED);
  return request.user;
}

/** Server-side sessions behind an httpOnly, SameSite cookie; the cookie holds a random token only. */
export default fp(
  async (app) => {
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.secureCookies };

    app.decorateRequest('user', null);
    /** The session's user, and the language they were last known to read in. */
    async function sessionOfToken(token: string) {
      const found = await app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as session_id', 'users.id', 'users.slug', 'users.first_name', 'users.last_name', 'users.email', 'users.locale'])
        .where('sessions.id', '=', hashSecret(token))
        .where('sessions.expires_at', '>', app.now())
        .executeTakeFirst();
      if (!found) return null;
      return {
        user: { id: found.id, slug: found.slug, fullName: fullNameOf(found.first_name, found.last_name), email: found.email, sessionId: found.session_id },
        locale: found.locale,
      };
    }
    const userOfToken = async (token: string) => (await sessionOfToken(token))?.user ?? null;

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      // The matched route, not the raw URL: `/%61pi/...` is an API route too.
      if (!token || !request.routeOptions.url?.startsWith('/api/')) return;
      const session = await sessionOfToken(token);
      request.user = session?.user ?? null;
      // The language the site is read in (the one chosen, else the browser's), kept for what is later
      // sent to the person unasked. A request that names none (a script) changes nothing.
      const named = request.cookies[LOCALE_COOKIE] !== undefined || request.headers['accept-language'] !== undefined;
      const reading = localeOfRequest(request.headers);
      if (session && named && reading !== session.locale) {
        await app.db.updateTable('users').set({ locale: reading }).where('id', '=', session.user.id).execute();
      }
    });

    app.decorate('sessions', {
      userOfToken,
      async start(reply, userId) {
        const token = randomBytes(32).toString('base64url');
        const now = app.now();
        await app.db.insertInto('sessions').values({ id: hashSecret(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS }).execute();
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
      },
      async end(reply, sessionId) {
        if (sessionId) await app.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
      async endOthers(userId, keepSessionId) {
        let query = app.db.deleteFrom('sessions').where('user_id', '=', userId);
        if (keepSessionId) query = query.where('id', '!=', keepSessionId);
        await query.execute();
      },
    });
  },
  { name: 'sessions', dependencies: ['database', 'clock', 'config'] },
);
