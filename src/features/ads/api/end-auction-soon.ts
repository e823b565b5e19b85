import { useMutation } from '@tanstack/react-query';
import { devEndAuctionSoonPath } from '../../../../domain/runtime-config';
import { api } from '../../../lib/api-client';

/** How soon the tool ends the round: time enough to place a last bid and watch the countdown. */
export const TRY_FINAL_WINDOW_IN_MS = 30_000;

export const endAuctionSoon = (slug: string) => api.post<void>(devEndAuctionSoonPath(encodeURIComponent(slug)), { body: { inMs: TRY_FINAL_WINDOW_IN_MS } });

/**
 * Outside production only: the owner ends the running round in half a minute, to try the final
 * window without waiting the hours an auction runs. The change reaches the page over the socket.
 */
export const useEndAuctionSoon = (slug: string) => useMutation({ mutationFn: () => endAuctionSoon(slug) });
