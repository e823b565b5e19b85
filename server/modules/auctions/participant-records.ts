import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Participant, ParticipationStatus } from '../../../domain/auction';
import { bidderNameOf } from '../../../domain/auction';
import { ERROR_CODES } from '../../../domain/errors';
import { SOCKET_EVENTS, userRoom } from '../../../domain/realtime-events';
import { type AdRow, findOwnedAdRow } from '../ads/ad-records';
import { findAuctionRow, isPrivateAuction } from './auction-records';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

type Db = Kysely<Database>;

/** A published private ad found by slug; anything else has no participants to manage. */
export async function findPrivateAdRow(db: Db, slug: string): Promise<AdRow> {
  const row = await findAuctionRow(db, slug);
  if (!isPrivateAuction(row)) throw new AppError(ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED);
  return row;
}

/** The owner's private ad; anyone else is refused. */
export async function findOwnedPrivateAdRow(db: Db, slug: string, ownerId: string): Promise<AdRow> {
  const row = await findOwnedAdRow(db, slug, ownerId);
  if (!isPrivateAuction(row)) throw new AppError(ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED);
  return row;
}

/** Everyone who asked or was added, requests waiting first, then the newest. */
export async function participantsOf(db: Db, adId: string): Promise<Participant[]> {
  const rows = await db
    .selectFrom('ad_participants')
    .innerJoin('users', 'users.id', 'ad_participants.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'ad_participants.status', 'ad_participants.added_by_owner', 'ad_participants.created_at', 'ad_participants.updated_at'])
    .where('ad_participants.ad_id', '=', adId)
    .orderBy('ad_participants.updated_at', 'desc')
    .execute();
  const participants = rows.map((row) => ({
    user: { id: row.id, name: bidderNameOf(row.first_name, row.last_name) },
    status: row.status as ParticipationStatus,
    addedByOwner: row.added_by_owner === 1,
    at: row.updated_at ?? row.created_at,
  }));
  return [...participants.filter((one) => one.status === 'REQUESTED'), ...participants.filter((one) => one.status !== 'REQUESTED')];
}

/** Records a standing and tells the owner's and the person's open pages over their sockets. */
export async function setParticipation(app: FastifyInstance, row: AdRow, userId: string, status: ParticipationStatus, addedByOwner: boolean): Promise<void> {
  const now = app.now();
  await app.db
    .insertInto('ad_participants')
    .values({ ad_id: row.id, user_id: userId, status, added_by_owner: addedByOwner ? 1 : 0, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['ad_id', 'user_id']).doUpdateSet({ status, updated_at: now, ...(addedByOwner ? { added_by_owner: 1 } : {}) }))
    .execute();
  app.io.to([userRoom(row.owner_id), userRoom(userId)]).emit(SOCKET_EVENTS.PARTICIPATION_CHANGED, { adId: row.id });
}
