import fp from 'fastify-plugin';
import { typesOfKind } from '../../domain/ad';
import type { AuctionPhase } from '../../domain/auction';

/** setTimeout's ceiling (about 24.8 days); a later deadline is re-armed when the ceiling fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/**
 * How often the scheduler reads every running auction's deadline afresh. Commands on this node re-arm
 * at once; this catches what another node changed, so a deadline armed elsewhere is never missed for long.
 */
export const DEADLINE_RESYNC_INTERVAL_MS = 30_000;
/** Phases after which an auction changes only by its owner's command, never by time. */
const PHASES_WITHOUT_DEADLINE: readonly AuctionPhase[] = ['awaitingFinalisation', 'finalised', 'ended', 'boughtOutright', 'endedWithoutBids'];
const AUCTION_TYPES = typesOfKind('AUCTION');

declare module 'fastify' {
  interface FastifyInstance {
    auctionDeadlines: {
      /**
       * Reads the ad's next deadline and waits for it (an ad published, edited, reposted or ended).
       * Never fails: the command that called it has committed, and the periodic resync arms what this missed.
       */
      rearm(adId: string): Promise<void>;
      /** Re-reads every auction that may still change by time: at start-up, periodically, and in tests after moving a simulated clock. */
      resync(): Promise<void>;
    };
  }
}

/**
 * Fires auction deadlines (a start, an end, the final window's close) from the stored absolute times
 * (DESIGN.md section 2). Nothing is kept only in memory: at start-up, and every
 * `DEADLINE_RESYNC_INTERVAL_MS`, every auction whose last announced phase can still change by time
 * is read again, so a restart loses no deadline. Firing only announces (`auctions.announcePhase`):
 * the state itself is already a function of the stored facts and the clock.
 */
export default fp(
  async (app) => {
    const timers = new Map<string, NodeJS.Timeout>();
    let closing = false;

    async function rearm(adId: string): Promise<void> {
      if (closing) return;
      const next = await app.auctions.announcePhase(adId);
      clearTimeout(timers.get(adId));
      timers.delete(adId);
      if (next === null || closing) return;
      // At least 1 ms: a timer may fire a hair early, and the next read then finds the same deadline.
      const delay = Math.min(Math.max(next - app.now(), 1), LONGEST_TIMER_MS);
      timers.set(adId, setTimeout(() => void rearmLogged(adId), delay));
    }

    /** Never fails: whoever asked has committed already, and the next resync arms what this missed. */
    function rearmLogged(adId: string): Promise<void> {
      return rearm(adId).catch((error: unknown) => app.log.error({ err: error, adId }, 're-arming an auction deadline failed'));
    }

    async function resync(): Promise<void> {
      const running = await app.db
        .selectFrom('ads')
        .select('id')
        .where('type', 'in', AUCTION_TYPES)
        .where('status', 'in', ['PUBLISHED', 'ENDED'])
        .where((eb) => eb.or([eb('announced_phase', 'is', null), eb('announced_phase', 'not in', PHASES_WITHOUT_DEADLINE)]))
        .execute();
      // One auction failing to arm leaves the others armed.
      for (const { id } of running) await rearmLogged(id);
    }

    app.decorate('auctionDeadlines', { rearm: rearmLogged, resync });
    app.auctions.onChange((adId) => void rearmLogged(adId));

    const interval = setInterval(() => void resync().catch((error: unknown) => app.log.error({ err: error }, 'reading auction deadlines failed')), DEADLINE_RESYNC_INTERVAL_MS);
    interval.unref();
    app.addHook('onReady', resync);
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(interval);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    });
  },
  { name: 'auction-deadlines', dependencies: ['database', 'clock', 'auctions'] },
);
