import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { decideJoinRequestSchema } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { type ParticipantList, participantsQueryKey } from './list-participants';

export type JoinRequestDecision = z.infer<typeof decideJoinRequestSchema> & { userId: string };

export const decideJoinRequest = (slug: string, { userId, status }: JoinRequestDecision) =>
  api.put<ParticipantList>(`/ads/${encodeURIComponent(slug)}/participants/${encodeURIComponent(userId)}`, { body: { status } });

/** The owner accepts or rejects a request to join the private auction. */
export function useDecideJoinRequest(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: JoinRequestDecision) => decideJoinRequest(slug, decision),
    onSuccess: (list) => queryClient.setQueryData(participantsQueryKey(slug), list),
  });
}
