import { createHmac, timingSafeEqual } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER, type SandboxAnswer, type SandboxProvider, SandboxRequestRefused } from '../sandbox-provider/sandbox-provider';
import { type PaymentGateway, PaymentProviderUnavailable, type ProviderPayment, WebhookSignatureInvalid } from './payment-gateway';

/** A webhook signed longer ago than this is refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_S = 5 * 60;

const providerPaymentOf = (answer: SandboxAnswer): ProviderPayment => ({ providerPaymentId: answer.id, status: answer.status, failure: answer.failure, actionUrl: answer.actionUrl });

async function asProviderPayment(call: () => Promise<SandboxAnswer>): Promise<ProviderPayment> {
  try {
    return providerPaymentOf(await call());
  } catch (error) {
    if (error instanceof SandboxRequestRefused) throw new PaymentProviderUnavailable(error.message);
    throw error;
  }
}

/** The gateway over the local sandbox provider, the default when no real provider is configured. */
export function createSandboxGateway(sandbox: SandboxProvider, webhookSecret: string, now: () => number): PaymentGateway {
  return {
    provider: 'sandbox',
    // The sandbox's wallets approve on its own pages, as PayPal does everywhere.
    tokenFormUrl: ({ method }, locale) => (method === 'CARD' ? `/sandbox-pay/card-form?lang=${locale}` : null),
    createPayment: (input) => asProviderPayment(() => sandbox.createPayment(input)),
    confirmPayment: (id, input) => asProviderPayment(() => sandbox.confirmPayment(id, input)),
    retrievePayment: (id) => asProviderPayment(() => sandbox.retrievePayment(id)),
    refundPayment: (id, key) => asProviderPayment(() => sandbox.refundPayment(id, key)),
    verifyWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const parts = new Map((typeof header === 'string' ? header : '').split(',').map((part) => part.split('=', 2) as [string, string]));
      const timestamp = Number(parts.get('t'));
      const signature = Buffer.from(parts.get('v1') ?? '', 'hex');
      const expected = createHmac('sha256', webhookSecret).update(`${timestamp}.${rawBody}`).digest();
      if (!Number.isFinite(timestamp) || Math.abs(now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_S || signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
        throw new WebhookSignatureInvalid();
      }
      const event = JSON.parse(rawBody) as { id?: unknown; payment?: unknown };
      if (typeof event.id !== 'string' || typeof event.payment !== 'string') throw new WebhookSignatureInvalid();
      return { eventId: event.id, providerPaymentId: event.payment };
    },
  };
}
