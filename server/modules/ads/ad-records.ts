import type { FastifySchemaValidationError } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { type AdStatus, type AdType, adPhaseOf, type ProductCondition, type ShippingType } from '../../../domain/ad';
import { type AdActions, type AdFieldIssue, type AdInput, adComparisonIssues, adPublishIssues, fieldsOfType, issuesByField, type MyAd, type OwnedAd, scheduleOf } from '../../../domain/ad-form';
import { asksFor } from '../../../domain/ad-fields';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import type { MediaKind } from '../../../domain/media';
import type { MediaItem } from '../../../domain/media-schemas';
import { AD_DRAFT_EVENTS, type AdDraftEvent, type AdLifecycleContext, adLifecycleStateOf, FRESH_ROUND } from '../../../machines/ad-draft.machine';
import { withLockedAd } from '../../db/dialect';
import type { AdTable, Database } from '../../db/schema';
import { AppError } from '../../errors';
import { announcedAfresh } from '../auctions/auction-records';
import { refusedFields } from '../../plugins/errors';
import { auctionsAwaitingOwnerOf } from '../auctions/auction-records';
import { countriesOfAds, mediaOfAds } from './ads.repository';
import { MINUTE_MS, HOUR_MS } from '../../../domain/timing';

export type AdRow = Selectable<AdTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Every field of an ad as the form edits it; what the type does not ask for reads empty. */
export type StoredAdFields = OwnedAd['fields'];

export function storedFieldsOf(ad: AdRow, media: readonly MediaItem[], countryCodes: readonly string[]): StoredAdFields {
  const ofKind = (kind: MediaKind) => media.filter((item) => item.kind === kind).map((item) => item.id);
  return {
    title: ad.title,
    description: ad.description,
    categoryId: ad.category_id,
    subcategoryId: ad.subcategory_id,
    brandId: ad.brand_id,
    keywords: JSON.parse(ad.keywords) as string[],
    condition: ad.condition as ProductCondition | null,
    imageIds: ofKind('IMAGE'),
    mainImageId: ad.main_image_id,
    videoId: ofKind('VIDEO')[0] ?? null,
    documentIds: ofKind('DOCUMENT'),
    price: ad.price,
    negotiable: ad.negotiable === 1,
    shippingType: ad.shipping_type as ShippingType | null,
    shippingFee: ad.shipping_fee,
    returnable: ad.returnable === 1,
    cashOnDelivery: ad.cash_on_delivery === 1,
    openingAmount: ad.opening_amount,
    onBackPrice: ad.on_back_price,
    instantPurchaseAmount: ad.instant_purchase_amount,
    allowDecimalBids: ad.allow_decimal_bids === 1,
    countryCodes: [...countryCodes],
    cityId: ad.city_id,
    startsNow: ad.starts_now === 1,
    startsAt: ad.starts_now === 1 ? null : ad.starts_at,
    // An auction's end follows from its start and duration; only a tender's end is typed in.
    endsAt: asksFor(ad.type as AdType, 'endsAt') ? ad.ends_at : null,
    auctionDurationHours: ad.auction_duration_ms === null ? null : Math.round(ad.auction_duration_ms / HOUR_MS),
    subAuctionDurationMinutes: ad.sub_auction_duration_ms === null ? null : Math.round(ad.sub_auction_duration_ms / MINUTE_MS),
    liveLink: ad.live_link,
    offersVisibleToSubscribers: ad.offers_visible_to_subscribers === 1,
  };
}

/** The ad's columns for what the seller wrote; a field the type does not ask for is cleared. */
function columnsOf(type: AdType, input: AdInput, currency: string, ownerCountry: string) {
  const fields = fieldsOfType(type, input);
  const flag = (value: boolean | undefined) => (value ? 1 : 0);
  return {
    title: fields.title ?? '',
    description: fields.description ?? '',
    category_id: fields.categoryId ?? null,
    subcategory_id: fields.subcategoryId ?? null,
    brand_id: fields.brandId ?? null,
    keywords: JSON.stringify((fields.keywords ?? []).map((keyword) => keyword.trim())),
    condition: fields.condition ?? null,
    currency,
    price: fields.price ?? null,
    negotiable: flag(fields.negotiable),
    // Buyers' cards and filters read every published ad's shipping; a tender ships nothing, so it
    // reads as free, the way the seeded tenders do, and the form never shows it.
    shipping_type: fields.shippingType ?? null,
    shipping_fee: fields.shippingType === 'PAID' ? (fields.shippingFee ?? null) : null,
    returnable: flag(fields.returnable),
    cash_on_delivery: flag(fields.cashOnDelivery),
    opening_amount: fields.openingAmount ?? null,
    on_back_price: fields.onBackPrice ?? null,
    instant_purchase_amount: fields.instantPurchaseAmount ?? null,
    allow_decimal_bids: flag(fields.allowDecimalBids),
    country_code: fields.countryCodes?.[0] ?? ownerCountry,
    city_id: fields.cityId ?? null,
    starts_now: asksFor(type, 'startsNow') ? flag(fields.startsNow) : 1,
    auction_duration_ms: fields.auctionDurationHours == null ? null : fields.auctionDurationHours * HOUR_MS,
    sub_auction_duration_ms: fields.subAuctionDurationMinutes == null ? null : fields.subAuctionDurationMinutes * MINUTE_MS,
    live_link: fields.liveLink || null,
    offers_visible_to_subscribers: flag(fields.offersVisibleToSubscribers),
    main_image_id: fields.mainImageId ?? fields.imageIds?.[0] ?? null,
  };
}

function refuse(issues: readonly AdFieldIssue[]): never {
  throw new AppError(ERROR_CODES.VALIDATION_FAILED, issuesByField(issues));
}

/**
 * The ad commands' body refusals (`fields.price` not a positive integer, a repeated `fields.keywords.2`)
 * named by the field alone, as the rules' refusals are, so the form puts each on its own field.
 */
export function adBodyRefusal(errors: readonly FastifySchemaValidationError[]): AppError {
  return new AppError(ERROR_CODES.VALIDATION_FAILED, refusedFields(errors, 'fields'));
}

/**
 * The checks zod cannot make alone: the catalogue's shape (a subcategory of the chosen category, a
 * brand of the chosen subcategory, a city of the first country) and the files (the seller's own,
 * of the right kind, not attached to another ad).
 */
async function catalogueIssues(db: Db, ownerId: string, adId: string | null, input: AdInput): Promise<AdFieldIssue[]> {
  const issues: AdFieldIssue[] = [];
  if (input.categoryId != null) {
    const category = await db.selectFrom('categories').select('parent_id').where('id', '=', input.categoryId).executeTakeFirst();
    if (!category || category.parent_id !== null) issues.push({ path: 'categoryId', code: ERROR_CODES.NOT_IN_CATEGORY });
  }
  if (input.subcategoryId != null) {
    const subcategory = await db.selectFrom('categories').select('parent_id').where('id', '=', input.subcategoryId).executeTakeFirst();
    if (!subcategory || subcategory.parent_id !== input.categoryId) issues.push({ path: 'subcategoryId', code: ERROR_CODES.NOT_IN_CATEGORY });
  }
  if (input.brandId != null) {
    const brand = await db.selectFrom('brands').select('category_id').where('id', '=', input.brandId).executeTakeFirst();
    if (!brand || brand.category_id !== input.subcategoryId) issues.push({ path: 'brandId', code: ERROR_CODES.NOT_IN_CATEGORY });
  }
  const countryCodes = input.countryCodes ?? [];
  if (countryCodes.length > 0) {
    const known = await db.selectFrom('countries').select('code').where('code', 'in', countryCodes).execute();
    if (known.length !== new Set(countryCodes).size) issues.push({ path: 'countryCodes', code: ERROR_CODES.VALIDATION_FAILED });
  }
  if (input.cityId != null) {
    const city = await db.selectFrom('cities').select('country_code').where('id', '=', input.cityId).executeTakeFirst();
    if (!city || city.country_code !== countryCodes[0]) issues.push({ path: 'cityId', code: ERROR_CODES.CITY_NOT_IN_COUNTRY });
  }

  const wanted: { path: AdFieldIssue['path']; id: string; kind: MediaKind }[] = [
    ...(input.imageIds ?? []).map((id, index) => ({ path: `imageIds.${index}` as const, id, kind: 'IMAGE' as const })),
    ...(input.videoId ? [{ path: 'videoId' as const, id: input.videoId, kind: 'VIDEO' as const }] : []),
    ...(input.documentIds ?? []).map((id, index) => ({ path: `documentIds.${index}` as const, id, kind: 'DOCUMENT' as const })),
  ];
  if (wanted.length > 0) {
    const rows = await db.selectFrom('media').select(['id', 'kind', 'owner_id', 'ad_id']).where('id', 'in', wanted.map((item) => item.id)).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const seen = new Set<string>();
    for (const item of wanted) {
      const row = byId.get(item.id);
      const usable = row && row.owner_id === ownerId && row.kind === item.kind && (row.ad_id === null || row.ad_id === adId) && !seen.has(item.id);
      if (!usable) issues.push({ path: item.path, code: ERROR_CODES.MEDIA_UNAVAILABLE });
      seen.add(item.id);
    }
  }
  return issues;
}

/** The files of the ad become exactly the ones listed, in the seller's order; the others are let go for the sweep. */
async function attachMedia(db: Db, adId: string, input: AdInput): Promise<void> {
  const ordered = [...(input.imageIds ?? []), ...(input.videoId ? [input.videoId] : []), ...(input.documentIds ?? [])];
  let release = db.updateTable('media').set({ ad_id: null }).where('ad_id', '=', adId);
  if (ordered.length > 0) release = release.where('id', 'not in', ordered);
  await release.execute();
  for (const [position, id] of ordered.entries()) {
    await db.updateTable('media').set({ ad_id: adId, position }).where('id', '=', id).execute();
  }
}

async function setCountries(db: Db, adId: string, countryCodes: readonly string[], fallback: string): Promise<void> {
  await db.deleteFrom('ad_countries').where('ad_id', '=', adId).execute();
  const codes = countryCodes.length > 0 ? [...new Set(countryCodes)] : [fallback];
  await db.insertInto('ad_countries').values(codes.map((country_code) => ({ ad_id: adId, country_code }))).execute();
}

/** A canceled subscription is not renewed but stays usable until its end. */
const USABLE_SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED'];

/** The credits left on the user's packages still running: active, or canceled but not yet at their end. */
export async function adCreditsOf(db: Db, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ad_credits_remaining'), eb.lit(0)).as('credits'))
    .where('user_id', '=', userId)
    .where('status', 'in', USABLE_SUBSCRIPTION_STATUSES)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.credits);
}

/** Takes one credit from the active package that runs out first, in one conditional update: two publishes never share a credit. */
export async function spendAdCredit(db: Db, userId: string, now: number): Promise<void> {
  const active = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', USABLE_SUBSCRIPTION_STATUSES)
    .where('ad_credits_remaining', '>', 0)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy((eb) => eb.fn.coalesce('ends_at', eb.lit(Number.MAX_SAFE_INTEGER)))
    .execute();
  for (const { id } of active) {
    const spent = await db.updateTable('subscriptions').set((eb) => ({ ad_credits_remaining: eb('ad_credits_remaining', '-', 1) })).where('id', '=', id).where('ad_credits_remaining', '>', 0).executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 1) return;
  }
  throw new AppError(ERROR_CODES.NO_AD_CREDIT);
}

type BuyerFacts = Pick<AdLifecycleContext, 'hasOffers' | 'offerAwarded' | 'hasSubscribers'>;

/** What buyers have done in each ad's current round: one query per table however many ads. */
async function buyerFactsOf(db: Db, adIds: readonly string[]): Promise<Map<string, BuyerFacts>> {
  const [offers, participants] = await Promise.all([
    db
      .selectFrom('offers')
      .innerJoin('ads', 'ads.id', 'offers.ad_id')
      .whereRef('offers.round', '=', 'ads.round')
      .where('offers.ad_id', 'in', adIds)
      .select((eb) => ['offers.ad_id', eb.fn.countAll<number>().as('received'), eb.fn.count<number>('offers.awarded_at').as('awarded')])
      .groupBy('offers.ad_id')
      .execute(),
    db.selectFrom('ad_participants').select('ad_id').distinct().where('ad_id', 'in', adIds).where('status', '=', 'ACCEPTED').execute(),
  ]);
  const offersOf = new Map(offers.map((row) => [row.ad_id, row]));
  const subscribed = new Set(participants.map((row) => row.ad_id));
  return new Map(
    adIds.map((id) => {
      const offer = offersOf.get(id);
      return [id, { hasOffers: Number(offer?.received ?? 0) > 0, offerAwarded: Number(offer?.awarded ?? 0) > 0, hasSubscribers: subscribed.has(id) }];
    }),
  );
}

export interface LoadedAd {
  row: AdRow;
  fields: StoredAdFields;
  media: MediaItem[];
  phase: AdStatus;
  complete: boolean;
  lifecycle: ReturnType<typeof adLifecycleStateOf>;
  adCredits: number;
}

/**
 * Ads of one owner, each with its fields, files and where it stands in its lifecycle now. The
 * owner's credits are read once by the caller; the rest takes a fixed number of queries, so a
 * long list of ads costs no more round trips than one ad.
 */
export async function loadAds(db: Db, rows: readonly AdRow[], now: number, adCredits: number): Promise<LoadedAd[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [mediaByAd, countriesByAd, buyersByAd, awaitingOwner] = await Promise.all([mediaOfAds(db, ids), countriesOfAds(db, ids), buyerFactsOf(db, ids), auctionsAwaitingOwnerOf(db, rows, now)]);
  return rows.map((row) => {
    const media = mediaByAd.get(row.id)!;
    const fields = storedFieldsOf(row, media, countriesByAd.get(row.id)!);
    const phase = adPhaseOf({ status: row.status as AdStatus, endsAt: row.ends_at }, now);
    const complete = publishIssuesOf(row.type as AdType, fields, row, now).length === 0;
    const facts: AdLifecycleContext = { ...buyersByAd.get(row.id)!, adCredits, complete, ownerDecisionAwaited: awaitingOwner.has(row.id) };
    return { row, fields, media, phase, complete, lifecycle: adLifecycleStateOf(phase, facts), adCredits };
  });
}

/** One ad with its fields, files and where it stands in its lifecycle now. */
export async function loadAd(db: Db, row: AdRow, now: number): Promise<LoadedAd> {
  const [loaded] = await loadAds(db, [row], now, await adCreditsOf(db, row.owner_id, now));
  return loaded!;
}

/**
 * Publishing's rules, for an ad that may already run: once it has started its start is history,
 * not something to check against the clock.
 */
function publishIssuesOf(type: AdType, input: AdInput, existing: AdRow | null, now: number): AdFieldIssue[] {
  const started = existing?.status === 'PUBLISHED' && existing.starts_at !== null && existing.starts_at <= now;
  return started ? adPublishIssues(type, { ...input, startsNow: true }, existing.starts_at!) : adPublishIssues(type, input, now);
}

export function actionsOf(loaded: LoadedAd): AdActions {
  const can = (event: AdDraftEvent) => loaded.lifecycle.can(event);
  const isDraft = loaded.phase === 'DRAFT';
  // Offered to an owner out of credit too: its refusal says so and leads to the packages.
  const withCredit = adLifecycleStateOf(loaded.phase, { ...loaded.lifecycle.context, adCredits: Math.max(loaded.adCredits, 1) });
  return {
    edit: isDraft || can({ type: AD_DRAFT_EVENTS.EDIT, complete: true }),
    publish: isDraft && can({ type: AD_DRAFT_EVENTS.PUBLISH }),
    end: can({ type: AD_DRAFT_EVENTS.END }),
    repost: withCredit.can({ type: AD_DRAFT_EVENTS.REPOST }),
    delete: can({ type: AD_DRAFT_EVENTS.DELETE }),
  };
}

export async function findOwnedAdRow(db: Db, slug: string, userId: string): Promise<AdRow> {
  return assertOwned(await db.selectFrom('ads').selectAll().where('slug', '=', slug).executeTakeFirst(), userId);
}

function assertOwned(row: AdRow | undefined, userId: string): AdRow {
  if (!row || row.status === 'DELETED') throw new AppError(ERROR_CODES.NOT_FOUND);
  if (row.owner_id !== userId) throw new AppError(ERROR_CODES.FORBIDDEN);
  return row;
}

/** Refuses a command the ad's machine does not take in its present state, with the refusal that says why. */
export function assertAllowed(loaded: LoadedAd, event: AdDraftEvent, refusal: ErrorCode = ERROR_CODES.AD_ACTION_NOT_ALLOWED): void {
  if (!loaded.lifecycle.can(event)) throw new AppError(refusal);
}

interface SaveCommand {
  ownerId: string;
  ownerCountry: string;
  type: AdType;
  input: AdInput;
  publish: boolean;
  now: number;
}

/** The machine's verdict on the command before anything is checked or written. */
function assertSaveAllowed(existing: LoadedAd | null): void {
  if (!existing || existing.phase === 'DRAFT') return;
  if (existing.phase !== 'PUBLISHED') throw new AppError(ERROR_CODES.AD_ACTION_NOT_ALLOWED);
  assertAllowed(existing, { type: AD_DRAFT_EVENTS.EDIT, complete: true }, ERROR_CODES.AD_EDIT_LOCKED);
}

/**
 * Writes what the seller sent over the ad (`existing`) or a new one, in the caller's transaction:
 * the machine's verdict, then every rule (all refusals at once, nothing written), then the row, its
 * countries and files, and when publishing, the schedule and one credit.
 */
export async function saveAd(db: Kysely<Database>, existing: LoadedAd | null, command: SaveCommand & { id: string; slug: string }): Promise<AdStatus> {
  const { type, now, publish, ownerId } = command;
  assertSaveAllowed(existing);
  const input = fieldsOfType(type, command.input);
  const wasPublished = existing?.phase === 'PUBLISHED';
  const ruleIssues = publish || wasPublished ? publishIssuesOf(type, input, existing?.row ?? null, now) : adComparisonIssues(input);
  const issues = [...ruleIssues, ...(await catalogueIssues(db, ownerId, existing?.row.id ?? null, input))];
  if (issues.length > 0) refuse(issues);

  const country = await db.selectFrom('countries').select('currency').where('code', '=', input.countryCodes?.[0] ?? command.ownerCountry).executeTakeFirstOrThrow();
  const columns = { ...columnsOf(type, input, country.currency, command.ownerCountry), updated_at: now };

  let status: AdStatus = existing?.phase ?? 'DRAFT';
  let schedule: { starts_at: number | null; ends_at: number | null; published_at?: number } = { starts_at: input.startsNow ? null : (input.startsAt ?? null), ends_at: input.endsAt ?? null };
  if (wasPublished) {
    // A running ad keeps the start it had; its end follows the edited duration or tender end.
    const { starts_at: startedAt } = existing.row;
    const started = startedAt !== null && startedAt <= now;
    const next = started ? scheduleOf(type, { ...input, startsNow: false, startsAt: startedAt }, startedAt) : scheduleOf(type, input, now);
    schedule = { starts_at: next.startsAt, ends_at: next.endsAt };
  } else if (publish) {
    const facts = existing ? existing.lifecycle.context : { adCredits: await adCreditsOf(db, ownerId, now), ...FRESH_ROUND };
    if (!adLifecycleStateOf('DRAFT', { ...facts, complete: true }).can({ type: AD_DRAFT_EVENTS.PUBLISH })) throw new AppError(ERROR_CODES.NO_AD_CREDIT);
    await spendAdCredit(db, ownerId, now);
    const next = scheduleOf(type, input, now);
    schedule = { starts_at: next.startsAt, ends_at: next.endsAt, published_at: now };
    status = 'PUBLISHED';
  }

  // A published auction's watchers hear of its terms and schedule as saved; a draft has no deadline yet.
  const deadline = status === 'PUBLISHED' ? announcedAfresh(type, now) : { next_deadline_at: null };
  if (existing) {
    await db.updateTable('ads').set({ ...columns, ...schedule, status, ...deadline }).where('id', '=', command.id).execute();
  } else {
    await db
      .insertInto('ads')
      .values({ id: command.id, slug: command.slug, owner_id: ownerId, type, status, ...columns, ...schedule, ...deadline, published_at: schedule.published_at ?? null, created_at: now })
      .execute();
  }
  await setCountries(db, command.id, input.countryCodes ?? [], columns.country_code);
  await attachMedia(db, command.id, input);
  return status;
}

export async function ownerCountryOf(db: Db, userId: string): Promise<string> {
  const owner = await db.selectFrom('users').select('country_code').where('id', '=', userId).executeTakeFirstOrThrow();
  return owner.country_code;
}

export function ownedAdOf(loaded: LoadedAd): OwnedAd {
  const { row } = loaded;
  return {
    slug: row.slug,
    type: row.type as AdType,
    status: loaded.phase,
    currency: row.currency,
    fields: loaded.fields,
    media: loaded.media,
    complete: loaded.complete,
    actions: actionsOf(loaded),
    adCredits: loaded.adCredits,
  };
}

/**
 * Runs one of the owner's commands on their ad holding the ad's write lock, the lock bids take
 * (`withLockedAd`): the ad is read, its lifecycle resolved at the time the lock is held, and `command`
 * decides and writes with both in hand. So an end, an edit or a repost falls wholly before or wholly
 * after any bid, never between a bid's read and its write.
 */
export async function withOwnedAd<T>(
  db: Kysely<Database>,
  slug: string,
  userId: string,
  clock: () => number,
  command: (trx: Kysely<Database>, loaded: LoadedAd, now: number) => Promise<T>,
): Promise<T> {
  return withLockedAd(db, { slug }, async (trx, row) => {
    const now = clock();
    return command(trx, await loadAd(trx, assertOwned(row, userId), now), now);
  });
}

export function myAdOf(loaded: LoadedAd, openOffers: number): MyAd {
  const { row } = loaded;
  return {
    slug: row.slug,
    type: row.type as AdType,
    status: loaded.phase,
    title: row.title,
    mainImageId: row.main_image_id,
    currency: row.currency,
    price: row.price,
    openingAmount: row.opening_amount,
    bidCount: row.bid_count,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    endedAt: loaded.phase === 'ENDED' ? (row.ended_at ?? row.ends_at) : null,
    actions: actionsOf(loaded),
    awaitsYourDecision: loaded.lifecycle.context.ownerDecisionAwaited,
    openOffers,
  };
}
