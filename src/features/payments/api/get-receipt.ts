import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '../../../../domain/receipts';
import { api } from '../../../lib/api-client';

export const receiptPath = (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}/receipt`;

export const receiptQueryOptions = (paymentId: string) => queryOptions({ queryKey: ['receipt', paymentId], queryFn: () => api.get<Receipt>(receiptPath(paymentId)) });

export const useReceipt = (paymentId: string) => useQuery(receiptQueryOptions(paymentId));
