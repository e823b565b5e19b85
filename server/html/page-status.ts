import type { Kysely } from 'kysely';
import { adTypeFromSlug } from '../../domain/ad';
import { matchRoute, type RouteName } from '../../domain/routes';
import type { Database } from '../db/schema';

/** The signed-in visitor's id, read only by the pages that depend on who asks. */
export type ViewerId = () => Promise<string | null>;

type Exists = (db: Kysely<Database>, slug: string, viewerId: ViewerId) => Promise<boolean>;

const adOf = (db: Kysely<Database>, slug: string) => db.selectFrom('ads').select(['status', 'owner_id']).where('slug', '=', slug).executeTakeFirst();

/** The draft and edit pages of an ad not deleted exist: to anyone but its owner they show the API's refusal, not the 404 view. */
const isKeptAd: Exists = async (db, slug) => {
  const ad = await adOf(db, slug);
  return ad !== undefined && ad.status !== 'DELETED';
};

/**
 * Whether what a page's address names exists for this visitor, as the page's own API call decides it:
 * a draft is its owner's alone; an ended or deleted ad still has a page that says it is unavailable.
 */
const EXISTS: Partial<Record<RouteName, Exists>> = {
  ad: async (db, slug, viewerId) => {
    const ad = await adOf(db, slug);
    return ad !== undefined && (ad.status !== 'DRAFT' || ad.owner_id === (await viewerId()));
  },
  adDraft: isKeptAd,
  adEdit: isKeptAd,
  // A sale type's form, or the form of the visitor's own draft.
  createSaleOfType: async (db, slug, viewerId) => {
    if (adTypeFromSlug(slug) !== undefined) return true;
    const ad = await adOf(db, slug);
    return ad?.status === 'DRAFT' && ad.owner_id === (await viewerId());
  },
  user: async (db, slug) => (await db.selectFrom('users').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined,
};

/**
 * The HTTP status of a page's HTML: 404 where the page will show the 404 view, a path of no route or
 * one naming what does not exist, so a crawler or a link checker learns it as a person does.
 */
export async function pageStatusOf(db: Kysely<Database>, pathname: string, viewerId: ViewerId): Promise<200 | 404> {
  const match = matchRoute(pathname);
  if (!match) return 404;
  const exists = EXISTS[match.route];
  if (!exists) return 200;
  // The router has already refused a path whose encoding is broken (400).
  return (await exists(db, decodeURIComponent(match.params.slug!), viewerId)) ? 200 : 404;
}
