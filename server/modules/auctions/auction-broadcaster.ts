import { performance } from 'node:perf_hooks';
import type { AuctionChange } from '../../../domain/auction';
import { mergeAuctionChanges } from '../../../domain/auction-changes';

/**
 * How often a busy room hears of its auction: 20 frames a second show every bid's effect to a person,
 * and writing more to a thousand watchers would leave the server no time to take the bids.
 */
const BUSY_ROOM_FRAME_INTERVAL_MS = 50;

/**
 * The most watchers a room may have to hear of a change before the commands' answers are written.
 * A frame costs about 15 µs a watcher to write on a small machine (1.5 ms for 100 in the auction
 * benchmark), so the answers of such a room wait a few milliseconds at most, and its watchers learn of
 * a bid as early as its bidder does. A larger room would hold the answers back by tens of milliseconds
 * (a thousand watchers take 15 ms), so it hears just after them.
 */
const MOST_WATCHERS_TOLD_BEFORE_ANSWERS = 200;

interface Room {
  /** The change waiting to go out: every change since the last frame, merged. */
  waiting: AuctionChange | null;
  /** When the room may have its next frame, on `performance.now()`. */
  nextFrameAt: number;
}

/**
 * Sends each ad's committed changes to its room, in `seq` order, and last the ad's deletion. A change
 * is handed over before the commands' answers: a small room hears of it at once, a larger one once the
 * answers are written (MOST_WATCHERS_TOLD_BEFORE_ANSWERS).
 * Writing a frame to every watcher is the costliest step of a change (one frame to a thousand watchers
 * costs the server about as much as a hundred bids), so the changes that arrive while a frame waits
 * are merged into it (`mergeAuctionChanges`), and a room gets its next frame no sooner than its last
 * one took to write, or, when that frame told more than one change (bids are coming faster than
 * frames), BUSY_ROOM_FRAME_INTERVAL_MS after it. A change after a quiet moment goes out at once.
 */
export function createAuctionBroadcaster(emit: { change: (change: AuctionChange) => void; removal: (adId: string) => void; watchersOf: (adId: string) => number }) {
  const rooms = new Map<string, Room>();

  function send(adId: string, room: Room) {
    const change = room.waiting;
    // Sent early (see below) while its timer still ran.
    if (!change) return;
    room.waiting = null;
    const startedAt = performance.now();
    emit.change(change);
    const finishedAt = performance.now();
    const busy = change.auction.seq - change.fromSeq > 1;
    const pause = Math.max(finishedAt - startedAt, busy ? BUSY_ROOM_FRAME_INTERVAL_MS : 0);
    room.nextFrameAt = finishedAt + pause;
    // Once its pause is over with nothing waiting, the room is forgotten until its next change.
    setTimeout(() => {
      if (rooms.get(adId) === room && room.waiting === null) rooms.delete(adId);
    }, Math.ceil(pause) + 1).unref();
  }

  function broadcastChange(change: AuctionChange): void {
    const { adId } = change.auction;
    const room = rooms.get(adId) ?? { waiting: null, nextFrameAt: 0 };
    rooms.set(adId, room);
    if (room.waiting?.auction.seq === change.fromSeq) {
      room.waiting = mergeAuctionChanges(room.waiting, change);
      return;
    }
    // Changes that do not follow on (another writer numbered some in between) are never merged, or the
    // watchers would take the gap for nothing: the waiting one goes now, and they fetch the snapshot.
    if (room.waiting) send(adId, room);
    room.waiting = change;
    const wait = room.nextFrameAt - performance.now();
    if (wait > 0) setTimeout(() => send(adId, room), wait);
    else if (emit.watchersOf(adId) <= MOST_WATCHERS_TOLD_BEFORE_ANSWERS) send(adId, room);
    // On the next tick: by then the answers of the commands, promises already settled, have been written.
    else process.nextTick(() => send(adId, room));
  }

  /** The ad was deleted: its watchers hear so after the last change waiting for them, never before it. */
  function broadcastRemoval(adId: string): void {
    const room = rooms.get(adId);
    if (room) send(adId, room);
    emit.removal(adId);
  }

  return { change: broadcastChange, removal: broadcastRemoval };
}
