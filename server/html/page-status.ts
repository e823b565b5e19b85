import type { Kysely } from 'kysely';
import { adTypeFromSlug } from '../../domain/ad';
import { matchRoute, type RouteName } from '../../domain/routes';
import { isStorableText } from '../db/dialect';
import type { Database } from '../db/schema';

/** The signed-in visitor's id, read only by the pages that depend on who asks. */
type LookUpViewerId = () => Promise<string | null>;

type ExistsForViewer = (db: Kysely<Database>, slug: string, lookUpViewerId: LookUpViewerId) => Promise<boolean>;

const adOf = (db: Kysely<Database>, slug: string) => db.selectFrom('ads').select(['status', 'owner_id']).where('slug', '=', slug).executeTakeFirst();

/** The draft and edit pages of an ad not deleted exist: to anyone but its owner they show the API's refusal, not the 404 view. */
const isUndeletedAd: ExistsForViewer = async (db, slug) => {
  const ad = await adOf(db, slug);
  return ad !== undefined && ad.status !== 'DELETED';
};

/**
 * Whether what a page's address names exists for this visitor, as the page's own API call decides it:
 * a draft is its owner's alone; an ended or deleted ad still has a page that says it is unavailable.
 */
const PAGE_SUBJECT_EXISTS: Partial<Record<RouteName, ExistsForViewer>> = {
  ad: async (db, slug, lookUpViewerId) => {
    const ad = await adOf(db, slug);
    return ad !== undefined && (ad.status !== 'DRAFT' || ad.owner_id === (await lookUpViewerId()));
  },
  adDraft: isUndeletedAd,
  adEdit: isUndeletedAd,
  // A sale type's form, or the form of the visitor's own draft.
  createSaleOfType: async (db, slug, lookUpViewerId) => {
    if (adTypeFromSlug(slug) !== undefined) return true;
    const ad = await adOf(db, slug);
    return ad?.status === 'DRAFT' && ad.owner_id === (await lookUpViewerId());
  },
  user: async (db, slug) => (await db.selectFrom('users').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined,
};

/**
 * The HTTP status of a page's HTML: 404 where the page will show the 404 view, a path of no route or
 * one naming what does not exist, so a crawler or a link checker learns it as a person does.
 */
export async function pageStatusOf(db: Kysely<Database>, pathname: string, lookUpViewerId: LookUpViewerId): Promise<200 | 404> {
  const match = matchRoute(pathname);
  if (!match) return 404;
  const subjectExists = PAGE_SUBJECT_EXISTS[match.route];
  if (!subjectExists) return 200;
  // The router has already refused a path whose encoding is broken (400).
  const slug = decodeURIComponent(match.params.slug!);
  // No slug holds text the database cannot store, and PostgreSQL fails a lookup that binds it.
  if (!isStorableText(slug)) return 404;
  return (await subjectExists(db, slug, lookUpViewerId)) ? 200 : 404;
}
