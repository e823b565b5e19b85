import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdCommandResult } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';
import { refreshAfterAdChange } from './ads-cache';

/** Runs an ended ad again on a fresh schedule from now, for one ad credit. */
export const repostAd = (slug: string) => api.post<AdCommandResult>(`/ads/${encodeURIComponent(slug)}/repost`);

export function useRepostAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: repostAd, onSuccess: () => refreshAfterAdChange(queryClient) });
}
