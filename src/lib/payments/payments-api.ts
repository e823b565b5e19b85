import type { Payment } from '../../../domain/payments';
import { api } from '../api-client';

const paymentPath = (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}`;

/** A try at a payment: the provider form's card token, or none for a wallet. `returnPath` is where the provider sends the person back. */
export const confirmPayment = (input: { paymentId: string; token: string | null; attemptKey: string; returnPath: string }) =>
  api.post<Payment>(`${paymentPath(input.paymentId)}/confirm`, {
    body: { idempotencyKey: input.attemptKey, returnPath: input.returnPath, ...(input.token ? { token: input.token } : {}) },
    idempotencyKey: input.attemptKey,
  });

/** Asks the server to ask the provider where a payment stands. */
export const syncPayment = (paymentId: string) => api.post<Payment>(`${paymentPath(paymentId)}/sync`, { idempotencyKey: `sync-${paymentId}` });
