import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ParticipantList, participantsQueryKey } from './list-participants';

export const addParticipant = (slug: string, contact: string) =>
  api.post<ParticipantList>(`/ads/${encodeURIComponent(slug)}/participants`, { body: { contact } });

/** The owner lets a registered person bid, found by the email or phone they registered with. */
export function useAddParticipant(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: string) => addParticipant(slug, contact),
    onSuccess: (list) => queryClient.setQueryData(participantsQueryKey(slug), list),
  });
}
