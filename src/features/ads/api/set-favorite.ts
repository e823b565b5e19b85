import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { favoriteSlugsQueryOptions } from './get-favorite-slugs';
import { favoritesQueryKey, favoritesQueryOptions } from './list-favorites';

export const addFavorite = (slug: string) => api.put<void>(`/favorites/${encodeURIComponent(slug)}`);
export const removeFavorite = (slug: string) => api.delete<void>(`/favorites/${encodeURIComponent(slug)}`);

const mutationKey = [...favoritesQueryKey, 'set'];

/**
 * Favouriting shows at once and is undone if the server refuses. The undo flips only this ad, so
 * quick taps on several hearts never restore each other's old state.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  const show = (slug: string, favorite: boolean) =>
    queryClient.setQueryData(favoriteSlugsQueryOptions.queryKey, (current) => {
      const slugs = new Set(current?.slugs);
      if (favorite) slugs.add(slug);
      else slugs.delete(slug);
      return { slugs: [...slugs] };
    });

  return useMutation({
    mutationKey,
    mutationFn: ({ slug, favorite }: { slug: string; favorite: boolean }) => (favorite ? addFavorite(slug) : removeFavorite(slug)),
    onMutate: async ({ slug, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteSlugsQueryOptions.queryKey });
      show(slug, favorite);
    },
    onError: (_error, { slug, favorite }) => show(slug, !favorite),
    onSettled: async () => {
      // The list page keeps an unfavourited card until it is left, so a slip can be undone in place.
      await queryClient.invalidateQueries({ queryKey: favoritesQueryOptions.queryKey, refetchType: 'none' });
      if (queryClient.isMutating({ mutationKey }) === 1) await queryClient.invalidateQueries({ queryKey: favoriteSlugsQueryOptions.queryKey });
    },
  });
}
