import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { checkoutResultSchema, checkoutSchema } from '../../../domain/subscriptions';
import { uniqueViolationColumn } from '../../db/dialect';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';
import type { PaymentRow } from '../payments/payment-service';
import { buyerCountryOf, offeredPackages, subscriptionRows, subscriptionViewOf } from './subscription-records';

export const SUBSCRIPTION_PURPOSE = 'SUBSCRIPTION';

/**
 * Starts buying a package: a subscription pending its payment, and the payment, in the price and
 * currency of the buyer's country. The checkout's idempotency key makes a double click or a retry
 * the same checkout (200 with it), never a second charge.
 */
const checkoutRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/checkout',
    { schema: { body: checkoutSchema, response: { 200: checkoutResultSchema, 201: checkoutResultSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { packageSlug, method, idempotencyKey } = request.body;
      const locale = localeOfRequest(request.headers);
      const answer = async (payment: PaymentRow, code: 200 | 201) => {
        const subscription = await subscriptionRows(app.db).where('s.id', '=', payment.subject_id).executeTakeFirstOrThrow();
        if (subscription.slug !== packageSlug || payment.method !== method) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
        return reply.code(code).send({ subscription: subscriptionViewOf(subscription, app.now()), payment: app.payments.viewOf(payment, locale) });
      };
      const earlier = () => app.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      const replayed = await earlier();
      if (replayed) return answer(replayed, 200);

      const country = await buyerCountryOf(app.db, request, request.body.country);
      const [offered] = await offeredPackages(app.db, country, packageSlug);
      if (!offered) throw new AppError(ERROR_CODES.PACKAGE_NOT_OFFERED);
      if (offered.isFree) throw new AppError(ERROR_CODES.SUBSCRIPTION_ACTION_NOT_ALLOWED);
      const now = app.now();
      let payment: PaymentRow;
      try {
        payment = await app.db.transaction().execute(async (trx) => {
          const subscriptionId = randomUUID();
          await trx
            .insertInto('subscriptions')
            .values({
              id: subscriptionId,
              user_id: user.id,
              package_id: offered.id,
              status: 'PENDING_PAYMENT',
              price: offered.price,
              currency: offered.currency,
              ad_credits: offered.adCredits,
              ad_credits_remaining: offered.adCredits,
              paid_at: null,
              starts_at: now,
              ends_at: null,
              canceled_at: null,
              payment_id: null,
              created_at: now,
            })
            .execute();
          return app.payments.insert(trx, {
            userId: user.id,
            purpose: SUBSCRIPTION_PURPOSE,
            subjectId: subscriptionId,
            method,
            amount: offered.price,
            currency: offered.currency,
            countryCode: country,
            vatBasisPoints: offered.vatBasisPoints,
            idempotencyKey,
          });
        });
      } catch (error) {
        // The same checkout sent twice at once: the second finds the first's.
        const first = uniqueViolationColumn(error) ? await earlier() : undefined;
        if (first) return answer(first, 200);
        throw error;
      }
      return answer(await app.payments.open(payment), 201);
    },
  );
};
export default checkoutRoute;
