import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdType } from '../../../../domain/ad';
import type { AdCommandResult, AdInput } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';
import { refreshAfterAdChange } from './ads-cache';

export interface CreateAdRequest {
  type: AdType;
  fields: AdInput;
  /** False saves a draft; true also publishes, spending one ad credit. */
  publish: boolean;
}

export const createAd = (request: CreateAdRequest) => api.post<AdCommandResult>('/ads', { body: request });

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAd, onSuccess: () => refreshAfterAdChange(queryClient) });
}
