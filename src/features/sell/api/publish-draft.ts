import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAdChange } from './ads-cache';
import { ownedAdQueryOptions } from './get-owned-ad';
import { updateAd } from './update-ad';

/**
 * Publishes a draft as it is stored. There is no separate publish command (`PUT /api/ads/:slug`
 * does it): the draft's own fields go back with `publish: true`, read fresh so nothing saved from
 * another tab is lost.
 */
export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (slug: string) => {
      const ad = await queryClient.fetchQuery(ownedAdQueryOptions(slug));
      return updateAd({ slug, fields: ad.fields, publish: true });
    },
    onSuccess: () => refreshAfterAdChange(queryClient),
  });
}
