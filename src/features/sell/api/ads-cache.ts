import type { QueryClient } from '@tanstack/react-query';
import { myAdsQueryKey } from './get-my-ads';
import { ownedAdQueryKey } from './get-owned-ad';

/** Buyers' listings and pages; the seller's change shows there as well as in their own lists. */
const publicAdsQueryKey = ['ads'] as const;

/** After any change to an ad: the owner's lists, the owned ads and the public listings are asked again. */
export function refreshAfterAdChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: myAdsQueryKey });
  void queryClient.invalidateQueries({ queryKey: publicAdsQueryKey });
}

/** After a deletion: the deleted ad is only marked stale, since asking for it again could only answer 404. */
export function refreshAfterAdDeletion(queryClient: QueryClient, slug: string) {
  void queryClient.invalidateQueries({ queryKey: ownedAdQueryKey(slug), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: myAdsQueryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: publicAdsQueryKey });
}
