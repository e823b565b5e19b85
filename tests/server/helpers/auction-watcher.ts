import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { AuctionChange, AuctionSnapshot } from '../../../domain/auction';
import { applyAuctionChange } from '../../../domain/auction-changes';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../domain/auth';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS, type SocketCommandReply } from '../../../domain/realtime-events';
import type { AuctionAd } from './auction-fixtures';

// Watching an auction over a real socket as the client does, for the tests of one node and of several.

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Every socket a test opens, closed after it whatever its outcome. */
const openSockets: ClientSocket[] = [];

export function connectAs(origin: string, cookie?: string): ClientSocket {
  const socket: ClientSocket = connectSocket(origin, { transports: ['websocket'], extraHeaders: cookie ? { cookie } : {} });
  openSockets.push(socket);
  return socket;
}

export async function snapshotFrom(origin: string, ad: AuctionAd): Promise<AuctionSnapshot> {
  const response = await fetch(`${origin}/api/ads/${ad.slug}/auction`);
  if (response.status !== 200) throw new Error(`the snapshot of ${ad.slug} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as AuctionSnapshot;
}

/** A bid as the client places it on the server at `origin`: over HTTP, with its session cookie and the anti-forgery token. */
export function placeBidAt(origin: string, cookie: string, ad: AuctionAd, amount: number): Promise<Response> {
  const csrf = randomUUID();
  return fetch(`${origin}/api/ads/${ad.slug}/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${cookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
    body: JSON.stringify({ amount, idempotencyKey: randomUUID() }),
  });
}

/** The change a bid placed at `origin` committed; a refusal fails the test. */
export async function placedAt(origin: string, cookie: string, ad: AuctionAd, amount: number): Promise<AuctionChange> {
  const response = await placeBidAt(origin, cookie, ad, amount);
  if (response.status !== 201) throw new Error(`the bid was refused (${response.status}): ${await response.text()}`);
  return (await response.json()) as AuctionChange;
}

/** What two views of one auction must agree on; `serverTime` only says when each was computed. */
export const comparable = (view: AuctionSnapshot) => ({ auction: { ...view.auction, serverTime: null }, bids: view.bids, bidders: view.bidders });

/** The seqs some changes cover, in the order heard: each covers `fromSeq + 1` to its `auction.seq`. */
export const coveredSeqs = (changes: AuctionChange[]) => changes.flatMap((change) => Array.from({ length: change.auction.seq - change.fromSeq }, (_, index) => change.fromSeq + index + 1));

/** The bids some changes carry, oldest first (each change lists its own newest first). */
export const bidsCarried = (changes: AuctionChange[]) => changes.flatMap((change) => change.bids.toReversed());

/** What a wait reads before the thing has come. */
type NotYet = null | undefined | false;

/** Waits for something a socket will hear or a server will do (read here or from the database), and says what never came. */
export async function eventually<T>(what: string, read: () => T | NotYet | Promise<T | NotYet>, timeoutMs = 5_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > giveUpAt) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function resultOf<T>(reply: SocketCommandReply<T>): T {
  if (!reply.ok) throw new Error(`the command was refused: ${reply.error.code}`);
  return reply.result;
}

/**
 * One page watching an auction the way the client does: on every connection, and when told that what
 * it shows may be stale, it joins the ad's room and then takes the snapshot (at once: the client waits
 * a random moment first); it applies each broadcast with `applyAuctionChange` and takes the snapshot
 * again when that rule says something was missed.
 */
export class AuctionWatcher {
  readonly socket: ClientSocket;
  view: AuctionSnapshot | null = null;
  /** Every change this page heard, in order of arrival. */
  readonly heard: AuctionChange[] = [];
  snapshotsTaken = 0;

  constructor(
    private readonly origin: string,
    private readonly ad: AuctionAd,
  ) {
    this.socket = connectAs(origin);
    const watch = () => this.socket.emit(SOCKET_EVENTS.AD_WATCH, ad.id, () => this.resyncInBackground());
    this.socket.on('connect', watch);
    this.socket.on(SOCKET_EVENTS.LIVE_VIEWS_STALE, watch);
    this.socket.on(SOCKET_EVENTS.AUCTION_CHANGED, (change) => {
      this.heard.push(change);
      if (this.view) this.apply(change);
    });
  }

  /** False when the change revealed a gap and a new snapshot is on its way. */
  private apply(change: AuctionChange): boolean {
    const next = applyAuctionChange(this.view!, change);
    if (next === 'RESYNC') {
      this.resyncInBackground();
      return false;
    }
    this.view = next;
    return true;
  }

  /**
   * A snapshot that fails to arrive leaves the view behind, which the test's own waits then report; it
   * must not fail the run as an unhandled rejection when it was asked for as the server shut down.
   */
  private resyncInBackground() {
    this.resync().catch(() => {});
  }

  private async resync() {
    this.snapshotsTaken += 1;
    const snapshot = await snapshotFrom(this.origin, this.ad);
    // An answer overtaken by a newer one is stale.
    if (this.view && snapshot.auction.seq < this.view.auction.seq) return;
    this.view = snapshot;
    // Changes heard while the snapshot was on its way; any it already holds are ignored by the rule.
    for (const change of this.heard.filter((one) => one.auction.seq > snapshot.auction.seq)) if (!this.apply(change)) break;
  }
}

/** Closes every socket the test opened, whatever its outcome: for `afterEach`. */
export function closeOpenSockets(): void {
  for (const socket of openSockets.splice(0)) socket.disconnect();
}
