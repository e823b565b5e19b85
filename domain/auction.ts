import { z } from 'zod';
import { AD_TYPES } from './ad';
import { ERROR_CODES } from './errors';
import { emailField, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneDigits, requiredText } from './fields';
import { CHANGE_BID_LIMIT } from './limits';

/** The auction machine's states (machines/auction.machine.ts), as the server reports them. */
export const AUCTION_PHASES = [
  'scheduled',
  'active',
  'finalWindow',
  'awaitingFinalisation',
  'finalised',
  'ended',
  'boughtOutright',
  'endedWithoutBids',
] as const;
export type AuctionPhase = (typeof AUCTION_PHASES)[number];

export const ROUND_OUTCOMES = ['FINALISED', 'DECLINED', 'BOUGHT_OUTRIGHT'] as const;
export type RoundOutcome = (typeof ROUND_OUTCOMES)[number];

/** Where a person stands towards a private auction; the owner and public auctions need no standing. */
export const PARTICIPATION_STATUSES = ['REQUESTED', 'ACCEPTED', 'REJECTED'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

/** What a viewer may do towards bidding: bid, or first ask (or wait) to be let in. */
export const VIEWER_ROLES = ['VISITOR', 'OWNER', 'BIDDER', 'OUTSIDER', 'REQUESTED', 'REJECTED'] as const;
export type ViewerRole = (typeof VIEWER_ROLES)[number];

/** The reserve as bidders may know it: whether there is one and whether it is met, never its value. */
export const RESERVE_STATES = ['NONE', 'MET', 'NOT_MET'] as const;
export type ReserveState = (typeof RESERVE_STATES)[number];

/** A bidder as others see them: a first name and an initial, never a contact detail. */
export const bidderSchema = z.object({ id: z.string(), name: z.string() });
export type Bidder = z.infer<typeof bidderSchema>;

export const bidSchema = z.object({
  id: z.string(),
  /** The ad's change counter when the bid was accepted. */
  seq: z.number().int(),
  bidder: bidderSchema,
  /** Integer minor units of the ad's currency. */
  amount: z.number().int(),
  /** The server's receipt time: the only time that counts. */
  at: z.number().int(),
});
export type Bid = z.infer<typeof bidSchema>;

/**
 * An auction's state as every watcher sees it: the machine's facts without the reserve's value, plus
 * the phase the server computed at `serverTime`. Broadcast whole with each change, so a watcher never
 * has to merge partial updates.
 */
export const auctionStateSchema = z.object({
  adId: z.string(),
  type: z.enum(AD_TYPES),
  ownerId: z.string(),
  /** Gapless per ad: a watcher that sees a jump fetches the snapshot. */
  seq: z.number().int(),
  /** When the server computed `phase`; clients draw every countdown from their offset to it. */
  serverTime: z.number().int(),
  phase: z.enum(AUCTION_PHASES),
  round: z.number().int(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  finalWindowEndsAt: z.number().int(),
  /** Live auctions: when the whole live session ends, each sub-auction's length, and the stream. */
  liveEndsAt: z.number().int().nullable(),
  subAuctionDurationMs: z.number().int().nullable(),
  liveLink: z.string().nullable(),
  currency: z.string(),
  openingAmount: z.number().int(),
  instantPurchaseAmount: z.number().int().nullable(),
  allowDecimalBids: z.boolean(),
  reserve: z.enum(RESERVE_STATES),
  highestBid: bidSchema.nullable(),
  bidCount: z.number().int(),
  /** The smallest amount the next bid may offer (`minimumNextBid`). */
  minimumBid: z.number().int(),
  /** How the round closed; bought outright, by whom and for how much (the instant amount, or less as agreed by negotiation). */
  outcome: z.object({ kind: z.enum(ROUND_OUTCOMES), at: z.number().int(), buyerId: z.string().nullable(), amount: z.number().int().nullable() }).nullable(),
  isPrivate: z.boolean(),
});
export type AuctionState = z.infer<typeof auctionStateSchema>;

/** Where one bidder stands in the round: their highest offer and how many bids they placed. */
export const bidderStandingSchema = bidderSchema.extend({ highestAmount: z.number().int(), bidCount: z.number().int() });
export type BidderStanding = z.infer<typeof bidderStandingSchema>;

/** GET /api/ads/:slug/auction: the state, the current round's bids (newest first), and the viewer's standing. */
export const auctionSnapshotSchema = z.object({
  auction: auctionStateSchema,
  bids: z.array(bidSchema),
  /** Everyone who bid this round, highest offer first. */
  bidders: z.array(bidderStandingSchema),
  viewer: z.object({
    role: z.enum(VIEWER_ROLES),
    /** The owner only: the on-back price they set. */
    reservePrice: z.number().int().nullable(),
  }),
});
export type AuctionSnapshot = z.infer<typeof auctionSnapshotSchema>;

/** A client-made key that makes a retried command harmless (DESIGN.md section 4). */
export const idempotencyKeySchema = z.string().min(8).max(100);

/** Any number: the auction machine's bid rules judge the amount (MAX_AMOUNT_MINOR among them), so a refusal names its reason. */
export const placeBidSchema = z.object({ amount: z.number(), idempotencyKey: idempotencyKeySchema });
export type PlaceBidInput = z.infer<typeof placeBidSchema>;

export const buyNowSchema = z.object({ idempotencyKey: idempotencyKeySchema });

/** The owner's decision on the round: below the reserve the bid sells only if they accept that. */
export const roundDecisionSchema = z.object({ idempotencyKey: idempotencyKeySchema, acceptBelowReserve: z.boolean().optional() });
export type RoundDecisionInput = z.infer<typeof roundDecisionSchema>;

/**
 * One committed change to an auction, as a command answers it and as its watchers hear it: the
 * changes numbered `fromSeq + 1` to `auction.seq`, which is one command's, or, when bids come faster
 * than they can be broadcast one by one, a run of bids told at once. It carries the whole state after
 * them, the latest of their bids (newest first, at most CHANGE_BID_LIMIT: `bids.length` below the
 * number of bids covered means the older ones were left out), and where each of their bidders now
 * stands, so a watcher's snapshot stays exact without hearing every bid.
 */
export const auctionChangeSchema = z.object({
  fromSeq: z.number().int(),
  auction: auctionStateSchema,
  bids: z.array(bidSchema).max(CHANGE_BID_LIMIT),
  bidders: z.array(bidderStandingSchema),
});
export type AuctionChange = z.infer<typeof auctionChangeSchema>;

/** The owner's view of who may bid on a private auction. */
export const participantSchema = z.object({
  user: bidderSchema,
  status: z.enum(PARTICIPATION_STATUSES),
  /** Added by the owner rather than asked. */
  addedByOwner: z.boolean(),
  at: z.number().int(),
});
export type Participant = z.infer<typeof participantSchema>;
export const participantsSchema = z.object({ participants: z.array(participantSchema) });

/** Which account a contact typed by the owner names: an email when it has an @, else a phone number in international digits. */
export function contactLookupOf(contact: string): { email: string } | { phone: string } | null {
  if (contact.includes('@')) {
    const email = emailField.safeParse(contact);
    return email.success ? { email: email.data } : null;
  }
  const phone = phoneDigits.safeParse(contact);
  return phone.success && /^\d+$/.test(phone.data) && phone.data.length >= PHONE_MIN_DIGITS && phone.data.length <= PHONE_MAX_DIGITS ? { phone: phone.data } : null;
}

/** The owner adds a participant by the email or the phone they registered with; anything else is refused before any lookup. */
export const addParticipantSchema = z.object({
  contact: requiredText(200).refine((contact) => contactLookupOf(contact) !== null, { error: ERROR_CODES.CONTACT_INVALID }),
});
export const decideJoinRequestSchema = z.object({ status: z.enum(['ACCEPTED', 'REJECTED']) });

/** How a bidder is named to others: the first name and the last name's initial. */
export function bidderNameOf(firstName: string, lastName: string): string {
  return lastName === '' ? firstName : `${firstName} ${[...lastName][0]}.`;
}
