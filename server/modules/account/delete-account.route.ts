import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AD_TYPES, isAuctionType, isTenderType } from '../../../domain/ad';
import { ERROR_CODES } from '../../../domain/errors';
import { lockUserForDeletion } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { auctionsAwaitingOwnerOf } from '../auctions/auction-records';

const AUCTION_TYPES = AD_TYPES.filter(isAuctionType);
const AUCTION_AND_TENDER_TYPES = AD_TYPES.filter((type) => isAuctionType(type) || isTenderType(type));

/**
 * Deletes the account with its data and sales (SPEC.md section 6), and signs out, unless bidders or
 * tenderers are counting on it (`assertAccountDeletable`). Everything the user owns goes in one
 * statement, through the foreign keys' cascades, so there is no half-deleted account.
 */
const deleteAccountRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().delete('', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const user = requireUser(request);
    const now = app.now();
    // Checked and deleted in one transaction holding the user's row: a bid of theirs decided meanwhile
    // is either seen by the checks or refused as the account's gone, never deleted unseen with it.
    const watchedAds = await app.db.transaction().execute(async (trx) => {
      await lockUserForDeletion(trx, user.id);
      await assertAccountDeletable(trx, user.id, now);
      // Their ended auctions go with the account: pages still showing one are told, as for one ad deleted.
      const auctions = await trx.selectFrom('ads').select('id').where('owner_id', '=', user.id).where('type', 'in', AUCTION_TYPES).where('status', 'in', ['PUBLISHED', 'ENDED']).execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
      return auctions;
    });
    for (const ad of watchedAds) app.auctions.announceRemoval(ad.id);
    await app.sessions.end(reply, undefined);
    return reply.code(204).send(null);
  });
};

/**
 * Refuses while one of the user's auctions or tenders is published and has not ended, or has ended
 * with a round still waiting for their decision, and while their own bids stand in a round its owner
 * has still to decide.
 */
async function assertAccountDeletable(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  const ongoing = await db
    .selectFrom('ads')
    .select('id')
    .where('owner_id', '=', userId)
    .where('status', '=', 'PUBLISHED')
    .where('type', 'in', AUCTION_AND_TENDER_TYPES)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .limit(1)
    .executeTakeFirst();
  const undecided = await db
    .selectFrom('ads')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('status', 'in', ['PUBLISHED', 'ENDED'])
    .where('highest_offer_id', 'is not', null)
    .where('round_outcome', 'is', null)
    .execute();
  const awaitingTheirDecision = (await auctionsAwaitingOwnerOf(db, undecided, now)).size > 0;
  // Nor while the user's bids stand in a round its owner has still to decide: deleting them would
  // take the highest bid from under an auction in progress.
  const standingBid = await db
    .selectFrom('offers')
    .innerJoin('ads', 'ads.id', 'offers.ad_id')
    .select('offers.id')
    .where('offers.user_id', '=', userId)
    .whereRef('offers.round', '=', 'ads.round')
    // Published, or ended early by its owner: either way the round is still to be decided.
    .where('ads.status', 'in', ['PUBLISHED', 'ENDED'])
    .where('ads.round_outcome', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (ongoing || awaitingTheirDecision || standingBid) throw new AppError(ERROR_CODES.ACCOUNT_CANNOT_BE_DELETED);
}

export default deleteAccountRoute;
