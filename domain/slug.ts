import { z } from 'zod';

/**
 * URL slugs that keep Arabic letters (Haraj-style readable links) and end in a short random
 * suffix, so two ads with the same title never collide.
 */
export function slugify(text: string, suffix: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670]/g, '') // Arabic diacritics
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return words ? `${words}-${suffix}` : suffix;
}

/** Route parameters of pages addressed by slug (ads, users). */
export const slugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
