import { type Kysely, PostgresAdapter, sql } from 'kysely';

const AUCTION_TYPES = ['INSTANT_SALE_AND_AUCTION', 'PUBLIC_AUCTION', 'PRIVATE_AUCTION', 'LIVE_AUCTION'];
/** Phases after which an auction changes only by its owner's command, never by time. */
const PHASES_WITHOUT_DEADLINE = ['awaitingFinalisation', 'finalised', 'ended', 'boughtOutright', 'endedWithoutBids'];

/**
 * Each auction's next deadline (a start, an end, the final window's close) kept on its ad, so the
 * deadline scheduler reads only what falls due soon, from an index, instead of every running auction.
 * The index holds auctions that still change by time only. Running auctions are filled with their
 * start or end where that is still ahead, and otherwise with now: a deadline stored early only has the
 * scheduler read the auction once and store its exact next deadline.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema.alterTable('ads').addColumn('next_deadline_at', bigInteger).execute();
  await db.schema.createIndex('ads_next_deadline_idx').on('ads').column('next_deadline_at').where('next_deadline_at', 'is not', null).execute();

  const now = sql`CAST(${Date.now()} AS BIGINT)`;
  const startsAt = sql`COALESCE(round_starts_at, starts_at)`;
  const plannedEnd = sql`COALESCE(round_ends_at, CASE WHEN type = 'LIVE_AUCTION' THEN ${startsAt} + sub_auction_duration_ms ELSE ends_at END)`;
  await sql`
    UPDATE ads SET next_deadline_at = CASE
      WHEN ${startsAt} > ${now} THEN ${startsAt}
      WHEN status = 'PUBLISHED' AND ${plannedEnd} > ${now} THEN ${plannedEnd}
      ELSE ${now}
    END
    WHERE type IN (${sql.join(AUCTION_TYPES)}) AND status IN ('PUBLISHED', 'ENDED')
      AND (announced_phase IS NULL OR announced_phase NOT IN (${sql.join(PHASES_WITHOUT_DEADLINE)}))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ads_next_deadline_idx').execute();
  await db.schema.alterTable('ads').dropColumn('next_deadline_at').execute();
}
