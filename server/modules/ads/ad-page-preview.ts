import type { Kysely } from 'kysely';
import { type AdStatus, adPhaseOf } from '../../../domain/ad';
import { mediaUrl } from '../../../domain/media';
import { pathTo } from '../../../domain/routes';
import { isStorableText } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { PagePreview } from '../../html/page-shell';

const AD_PAGE_PATH = /^\/ad\/([^/]+)\/?$/;

/**
 * The link preview of an ad's page, so a shared ad shows its title, words and main image. Only what
 * any buyer may read: a draft, an ended or a deleted ad previews as the site itself.
 */
export async function adPagePreview(db: Kysely<Database>, pathname: string, baseUrl: string, now: number): Promise<PagePreview | undefined> {
  const slug = AD_PAGE_PATH.exec(pathname)?.[1];
  if (!slug) return undefined;
  const decodedSlug = decodeURIComponent(slug);
  // No ad's slug holds text the database cannot store, and PostgreSQL fails a lookup that binds it.
  if (!isStorableText(decodedSlug)) return undefined;
  const ad = await db
    .selectFrom('ads')
    .select(['slug', 'title', 'description', 'main_image_id', 'status', 'ends_at'])
    .where('slug', '=', decodedSlug)
    .executeTakeFirst();
  if (!ad || adPhaseOf({ status: ad.status as AdStatus, endsAt: ad.ends_at }, now) !== 'PUBLISHED') return undefined;
  return {
    title: ad.title,
    description: ad.description,
    url: `${baseUrl}${pathTo('ad', { slug: ad.slug })}`,
    imageUrl: ad.main_image_id ? `${baseUrl}${mediaUrl(ad.main_image_id, 'large')}` : null,
  };
}
