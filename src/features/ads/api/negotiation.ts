import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyerNegotiationAction, OwnerNegotiationAnswer } from '../../../../domain/negotiation';
import type { Negotiation, ReceivedOffer } from '../../../../domain/negotiation-schemas';
import { api } from '../../../lib/api-client';
import { useCommandAttempt } from '../../../lib/command-attempt';

const negotiationKey = (slug: string) => ['negotiation', slug] as const;

export const negotiationQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...negotiationKey(slug), 'mine'], queryFn: () => api.get<Negotiation>(`/ads/${encodeURIComponent(slug)}/negotiation`) });

export const receivedOffersQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...negotiationKey(slug), 'received'], queryFn: () => api.get<ReceivedOffer[]>(`/ads/${encodeURIComponent(slug)}/offers`) });

export const useMyNegotiation = (slug: string, enabled: boolean) => useQuery({ ...negotiationQueryOptions(slug), enabled });
export const useReceivedOffers = (slug: string, enabled: boolean) => useQuery({ ...receivedOffersQueryOptions(slug), enabled });

/** Everything asked about the ad's negotiations is asked again. */
export const refreshNegotiations = (queryClient: QueryClient, slug: string) => queryClient.invalidateQueries({ queryKey: negotiationKey(slug) });

type BuyerCommand = { action: 'offer'; amount: number } | { action: BuyerNegotiationAction };

/** The buyer's offer and moves, keyed per attempt; the answer is their negotiation as it now stands. */
export function useNegotiate(slug: string, onOrdered?: (orderId: string) => void) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<BuyerCommand>();
  return useMutation({
    mutationFn: (command: BuyerCommand) => {
      const idempotencyKey = attempt.keyFor(command);
      const path = command.action === 'offer' ? 'negotiation/offers' : `negotiation/${command.action}`;
      const body = command.action === 'offer' ? { amount: command.amount, idempotencyKey } : { idempotencyKey };
      return api.post<Negotiation>(`/ads/${encodeURIComponent(slug)}/${path}`, { body, idempotencyKey });
    },
    // Here rather than in `mutate`'s own callbacks: on the combined type the order ends the auction, whose
    // news can take the panel off the page before the answer comes, and the buyer still goes to the order.
    onSuccess: (negotiation, command) => {
      queryClient.setQueryData(negotiationQueryOptions(slug).queryKey, negotiation);
      if (command.action === 'order' && negotiation.orderId) onOrdered?.(negotiation.orderId);
    },
    onSettled: (_result, error) => attempt.settle(error),
  });
}

/** The owner's answer to one offer. */
export function useAnswerOffer(slug: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<{ negotiationId: string; answer: OwnerNegotiationAnswer; amount?: number }>();
  return useMutation({
    mutationFn: (input: { negotiationId: string; answer: OwnerNegotiationAnswer; amount?: number }) => {
      const idempotencyKey = attempt.keyFor(input);
      return api.post<void>(`/ads/${encodeURIComponent(slug)}/offers/${encodeURIComponent(input.negotiationId)}/${input.answer}`, {
        body: { idempotencyKey, ...(input.amount === undefined ? {} : { amount: input.amount }) },
        idempotencyKey,
      });
    },
    onSettled: (_result, error) => {
      attempt.settle(error);
      void refreshNegotiations(queryClient, slug);
    },
  });
}
