import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../domain/orders';
import type { PaymentMethod } from '../../../../domain/payments';
import type { Payment } from '../../../../domain/payments';
import { api } from '../../../lib/api-client';
import { useCommandAttempt } from '../../../lib/command-attempt';
import { orderQueryOptions, ordersQueryKey } from './get-orders';

/** The order commands a person sends from its page, by the path each takes. */
export const ORDER_COMMAND_PATHS = {
  CHOOSE_CASH_ON_DELIVERY: 'cash-on-delivery',
  SHIP: 'ship',
  CONFIRM_DELIVERY: 'confirm-delivery',
  CANCEL: 'cancel',
} as const;
export type OrderCommand = keyof typeof ORDER_COMMAND_PATHS;

interface OrderCommandInput {
  command: OrderCommand;
  trackingNote?: string;
  reason?: string;
}

const moveOrder = (orderId: string, { command, ...details }: OrderCommandInput, idempotencyKey: string) =>
  api.post<Order>(`/orders/${encodeURIComponent(orderId)}/${ORDER_COMMAND_PATHS[command]}`, { body: { ...details, idempotencyKey }, idempotencyKey });

/** Moves the order; its page shows the server's answer at once, and the lists are asked again. */
export function useMoveOrder(orderId: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<OrderCommandInput>();
  return useMutation({
    mutationFn: (input: OrderCommandInput) => moveOrder(orderId, input, attempt.keyFor(input)),
    onSuccess: (order) => queryClient.setQueryData(orderQueryOptions(orderId).queryKey, order),
    onSettled: (_result, error) => {
      attempt.settle(error);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}

/** Starts (or, with the same key, finds again) the order's online payment; the checkout carries it on. */
export const startOrderPayment = (orderId: string, method: PaymentMethod, checkoutKey: string) =>
  api.post<{ order: Order; payment: Payment }>(`/orders/${encodeURIComponent(orderId)}/pay`, { body: { method, idempotencyKey: checkoutKey }, idempotencyKey: checkoutKey });

/** The seller offers the item of an auction order cancelled unpaid to the next bidder; answers the new order. */
export function useOfferToNextBidder(orderId: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<string>();
  return useMutation({
    mutationFn: () => {
      const idempotencyKey = attempt.keyFor(orderId);
      return api.post<Order>(`/orders/${encodeURIComponent(orderId)}/offer-next-bidder`, { body: { idempotencyKey }, idempotencyKey });
    },
    onSuccess: (order) => queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order),
    onSettled: (_result, error) => {
      attempt.settle(error);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
