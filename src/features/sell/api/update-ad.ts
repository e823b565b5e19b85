import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdCommandResult, AdInput } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';
import { refreshAfterAdChange } from './ads-cache';

export interface UpdateAdRequest {
  slug: string;
  fields: AdInput;
  /** Saves a draft, publishes a draft, or (for a published ad) saves the edit. */
  publish: boolean;
}

export const updateAd = ({ slug, ...body }: UpdateAdRequest) => api.put<AdCommandResult>(`/ads/${encodeURIComponent(slug)}`, { body });

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAd, onSuccess: () => refreshAfterAdChange(queryClient) });
}
