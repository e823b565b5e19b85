import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial';
import * as accounts from './migrations/0002-accounts';
import * as ads from './migrations/0003-ads';
import * as adSearch from './migrations/0004-ad-search';
import * as auctions from './migrations/0005-auctions';
import * as auctionChanges from './migrations/0006-auction-changes';
import * as relayedMessages from './migrations/0007-relayed-messages';
import * as socketIoAttachments from './migrations/0008-socket-io-attachments';
import * as auctionDeadlines from './migrations/0009-auction-deadlines';
import * as listingChanges from './migrations/0010-listing-changes';
import * as payments from './migrations/0011-payments';
import * as receipts from './migrations/0012-receipts';
import * as orders from './migrations/0013-orders';
import * as negotiations from './migrations/0014-negotiations';
import * as nextBidderOrders from './migrations/0015-next-bidder-orders';
import * as roundSaleAmount from './migrations/0016-round-sale-amount';
import * as userLocale from './migrations/0017-user-locale';
import * as pendingMessages from './migrations/0018-pending-messages';

/** Migrations are imported, not read from disk, so the same list runs from source and from a bundle. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-ads': ads,
  '0004-ad-search': adSearch,
  '0005-auctions': auctions,
  '0006-auction-changes': auctionChanges,
  '0007-relayed-messages': relayedMessages,
  '0008-socket-io-attachments': socketIoAttachments,
  '0009-auction-deadlines': auctionDeadlines,
  '0010-listing-changes': listingChanges,
  '0011-payments': payments,
  '0012-receipts': receipts,
  '0013-orders': orders,
  '0014-negotiations': negotiations,
  '0015-next-bidder-orders': nextBidderOrders,
  '0016-round-sale-amount': roundSaleAmount,
  '0017-user-locale': userLocale,
  '0018-pending-messages': pendingMessages,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrateTo(db, Object.keys(MIGRATIONS).at(-1)!);
}

/** Runs the migrations up to and including `name`; answers the names of those it ran. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
