import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdCommandResult } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';
import { refreshAfterAdChange } from './ads-cache';

export const endAd = (slug: string) => api.post<AdCommandResult>(`/ads/${encodeURIComponent(slug)}/end`);

export function useEndAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endAd, onSuccess: () => refreshAfterAdChange(queryClient) });
}
