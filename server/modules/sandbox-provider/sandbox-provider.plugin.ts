import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale, type Locale } from '../../../domain/locale';
import { localeOfRequest } from '../../i18n';
import { CARD_FORM_SCRIPT, cardFormPage, challengePage, finishedPage, formatSandboxAmount, SANDBOX_CHALLENGE_CODE, walletPage } from './sandbox-pages';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from './sandbox-provider';

declare module 'fastify' {
  interface FastifyInstance {
    sandboxProvider: SandboxProvider;
  }
}

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';
const WEBHOOK_DRAIN_INTERVAL_MS = 500;
/** The provider's own pages: framed by the marketplace's checkout (the card form), never by another site. */
const PROVIDER_PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
const langQuerySchema = z.object({ lang: z.string().optional() });
const outcomeBodySchema = z.object({ outcome: z.enum(['pass', 'cancel', 'approve']), code: z.string().max(20).optional() });
const cardSchema = z.object({ name: z.string().max(200), number: z.string().max(40), expiry: z.string().max(10), code: z.string().max(10) });

function localeOf(request: FastifyRequest<{ Querystring: { lang?: string } }>): Locale {
  return isLocale(request.query.lang) ? request.query.lang : localeOfRequest(request.headers);
}

function sendPage(reply: FastifyReply, html: string) {
  return reply.header('content-security-policy', PROVIDER_PAGE_POLICY).header('x-frame-options', 'SAMEORIGIN').type('text/html; charset=utf-8').send(html);
}

/**
 * The local sandbox payment provider, under /sandbox-pay: its card form (which alone sees card
 * numbers), its 3-D Secure challenge and wallet screens, and its webhooks, sent to the marketplace
 * late and twice, as a real provider may.
 */
export default fp(
  async (app) => {
    const { webhookSecret, webhookDelayMs } = app.config.payments.sandbox;
    const sandbox = createSandboxProvider({ db: app.db, now: app.now, webhookSecret, webhookDelayMs });
    app.decorate('sandboxProvider', sandbox);

    const deliver = async (payload: string, signature: string) => {
      const response = await app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } });
      return response.statusCode < 300;
    };
    let draining = false;
    const timer = setInterval(() => {
      if (draining) return;
      draining = true;
      sandbox
        .deliverDueWebhooks(deliver)
        .catch((error: unknown) => app.log.error({ err: error }, 'sandbox webhook delivery failed'))
        .finally(() => {
          draining = false;
        });
    }, WEBHOOK_DRAIN_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    await app.register(
      async (routes) => {
        // The challenge and wallet screens post plain HTML forms.
        routes.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        });
        const typed = routes.withTypeProvider<ZodTypeProvider>();
        typed.get('/card-form', { schema: { querystring: langQuerySchema } }, async (request, reply) => sendPage(reply, cardFormPage(localeOf(request))));
        typed.get('/card-form.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CARD_FORM_SCRIPT));
        typed.post('/v1/tokens', { schema: { body: cardSchema } }, async (request, reply) => {
          const answer = await sandbox.tokenize(request.body);
          return reply.code('refusal' in answer ? 402 : 200).send(answer);
        });
        typed.get('/challenge/:id', { schema: { params: idParamsSchema, querystring: langQuerySchema } }, async (request, reply) => {
          const locale = localeOf(request);
          const payment = await sandbox.pendingAction(request.params.id);
          if (!payment || payment.method !== 'CARD') return sendPage(reply, finishedPage(locale));
          return sendPage(reply, challengePage(locale, payment.id, formatSandboxAmount(payment.amount, payment.currency, locale)));
        });
        typed.get('/wallet/:id', { schema: { params: idParamsSchema, querystring: langQuerySchema } }, async (request, reply) => {
          const locale = localeOf(request);
          const payment = await sandbox.pendingAction(request.params.id);
          if (!payment || payment.method === 'CARD') return sendPage(reply, finishedPage(locale));
          return sendPage(reply, walletPage(locale, payment.id, payment.method as 'APPLE_PAY' | 'PAYPAL', formatSandboxAmount(payment.amount, payment.currency, locale)));
        });
        const answerAction = async (request: FastifyRequest<{ Params: { id: string }; Querystring: { lang?: string }; Body: z.infer<typeof outcomeBodySchema> }>, reply: FastifyReply) => {
          const { outcome, code } = request.body;
          const approved = outcome === 'approve' || (outcome === 'pass' && code?.trim() === SANDBOX_CHALLENGE_CODE);
          const returnUrl = await sandbox.completeAction(request.params.id, approved);
          return returnUrl ? reply.redirect(returnUrl, 303) : sendPage(reply, finishedPage(localeOf(request)));
        };
        const actionSchema = { schema: { params: idParamsSchema, querystring: langQuerySchema, body: outcomeBodySchema } };
        typed.post('/challenge/:id', actionSchema, answerAction);
        typed.post('/wallet/:id', actionSchema, answerAction);
      },
      { prefix: '/sandbox-pay' },
    );
  },
  { name: 'sandbox-provider', dependencies: ['config', 'database', 'clock'] },
);
