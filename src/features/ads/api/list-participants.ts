import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { participantsSchema } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { auctionQueryKey } from './get-auction';

export type ParticipantList = z.infer<typeof participantsSchema>;

export const participantsQueryKey = (slug: string) => [...auctionQueryKey(slug), 'participants'] as const;

export const listParticipants = (slug: string) => api.get<ParticipantList>(`/ads/${encodeURIComponent(slug)}/participants`);

// Under the auction's key: a `participation:changed` event (get-auction.ts) refreshes both at once.
export const participantsQueryOptions = (slug: string) => queryOptions({ queryKey: participantsQueryKey(slug), queryFn: () => listParticipants(slug) });

/** The owner's list of who asked to join the private auction and who may bid. */
export const useParticipants = (slug: string) => useQuery(participantsQueryOptions(slug));
