import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipationStatus } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { refetchAuction } from './get-auction';

export const requestToJoin = (slug: string) => api.post<{ status: ParticipationStatus }>(`/ads/${encodeURIComponent(slug)}/join-requests`, { body: {} });

/** Asks the owner of a private auction to let the signed-in person bid; the snapshot then says where they stand. */
export function useRequestToJoin(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => requestToJoin(slug), onSuccess: () => refetchAuction(queryClient, slug) });
}
