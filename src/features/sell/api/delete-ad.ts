import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdCommandResult } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';
import { refreshAfterAdDeletion } from './ads-cache';

export const deleteAd = (slug: string) => api.delete<AdCommandResult>(`/ads/${encodeURIComponent(slug)}`);

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAd, onSuccess: (_result, slug) => refreshAfterAdDeletion(queryClient, slug) });
}
