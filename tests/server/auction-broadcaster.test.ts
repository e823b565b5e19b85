import { describe, expect, it } from 'vitest';
import type { AuctionChange } from '../../domain/auction';
import { createAuctionBroadcaster } from '../../server/modules/auctions/auction-broadcaster';

const AD_ID = 'ad-1';

/** A change numbered from `fromSeq` to `seq`: only the numbers matter to the broadcaster's pacing. */
const changeOf = (fromSeq: number, seq: number) => ({ fromSeq, auction: { adId: AD_ID, seq, round: 1 }, bids: [], bidders: [] }) as unknown as AuctionChange;

function recordingBroadcaster(watchers = 1) {
  const sent: string[] = [];
  const broadcaster = createAuctionBroadcaster({
    change: (change) => sent.push(`change ${change.fromSeq}→${change.auction.seq}`),
    removal: (adId) => sent.push(`removed ${adId}`),
    watchersOf: () => watchers,
  });
  return { sent, broadcaster };
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('the auction broadcaster', () => {
  it('holds the change after a busy frame, and sends a deleted ad’s held change before the removal', async () => {
    const { sent, broadcaster } = recordingBroadcaster();
    // A run of three bids told at once: the room is busy, its next frame waits.
    broadcaster.change(changeOf(0, 3));
    await nextTick();
    broadcaster.change(changeOf(3, 4));
    await nextTick();
    expect(sent).toEqual(['change 0→3']);

    broadcaster.removal(AD_ID);
    expect(sent).toEqual(['change 0→3', 'change 3→4', `removed ${AD_ID}`]);
  });

  it('tells a room of up to 200 watchers of a change at once, before the answers settled after it are written', async () => {
    const { sent, broadcaster } = recordingBroadcaster(200);
    broadcaster.change(changeOf(0, 1));
    await Promise.resolve().then(() => sent.push('answer'));
    expect(sent).toEqual(['change 0→1', 'answer']);
  });

  it('tells a larger room after the answers, so no answer waits for hundreds of writes', async () => {
    const { sent, broadcaster } = recordingBroadcaster(201);
    broadcaster.change(changeOf(0, 1));
    await Promise.resolve().then(() => sent.push('answer'));
    await nextTick();
    expect(sent).toEqual(['answer', 'change 0→1']);
  });

  it('tells the removal of an ad with nothing waiting at once', () => {
    const { sent, broadcaster } = recordingBroadcaster();
    broadcaster.removal(AD_ID);
    expect(sent).toEqual([`removed ${AD_ID}`]);
  });
});
