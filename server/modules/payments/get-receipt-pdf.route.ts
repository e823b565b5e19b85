import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { paymentParamsSchema } from '../../../domain/payments';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';
import { receiptPdf } from './receipt-pdf';
import { receiptOf } from './receipts';

/** The receipt as a PDF to keep, in the person's language. */
const getReceiptPdfRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/:paymentId/receipt.pdf', { schema: { params: paymentParamsSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const receipt = await receiptOf(app.db, app.config.seller, request.params.paymentId, user.id);
    if (!receipt) throw new AppError(ERROR_CODES.NOT_FOUND);
    const pdf = await receiptPdf(receipt, localeOfRequest(request.headers));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${receipt.number}.pdf"`).header('cache-control', 'private, no-store').send(pdf);
  });
};
export default getReceiptPdfRoute;
