import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { paymentParamsSchema } from '../../../domain/payments';
import { receiptSchema } from '../../../domain/receipts';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { receiptOf } from './receipts';

/** The receipt of one of the person's successful payments. Any other payment has none: 404, as for a payment that is not theirs. */
const getReceiptRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/:paymentId/receipt', { schema: { params: paymentParamsSchema, response: { 200: receiptSchema } } }, async (request) => {
    const user = requireUser(request);
    const receipt = await receiptOf(app.db, app.config.seller, request.params.paymentId, user.id);
    if (!receipt) throw new AppError(ERROR_CODES.NOT_FOUND);
    return receipt;
  });
};
export default getReceiptRoute;
