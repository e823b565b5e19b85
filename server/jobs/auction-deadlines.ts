import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * How often each node reads the deadlines falling due soon. A command arms its own change at once on
 * the node that ran it; the read catches what other nodes changed, and what a node that stopped left.
 */
export const DEADLINE_READ_INTERVAL_MS = 30_000;
/** How far ahead a read arms: past the next read, so every deadline is armed before it falls due even when a read runs late. */
const ARMING_WINDOW_MS = 2 * DEADLINE_READ_INTERVAL_MS;

declare module 'fastify' {
  interface FastifyInstance {
    auctionDeadlines: {
      /**
       * Reads the ad's stored deadline: fires it when due, and waits for it when it falls within the
       * arming window (an ad published, edited, reposted or ended). Never fails: the command that
       * called it has committed, and the next read arms what this missed.
       */
      rearm(adId: string): Promise<void>;
      /**
       * Reads the deadlines falling due within the arming window, from the index: fires those due and
       * arms the rest. At start-up, periodically, and in tests after moving a simulated clock; passes
       * run one after another. Answers how many deadlines it read.
       */
      resync(): Promise<number>;
    };
  }
}

/** The deadlines due by `until`, soonest first: a range of the index on `next_deadline_at`. */
export function deadlinesDueBy(db: Kysely<Database>, until: number) {
  return db.selectFrom('ads').select(['id', 'next_deadline_at']).where('next_deadline_at', '<=', until).orderBy('next_deadline_at');
}

/**
 * Fires auction deadlines (a start, an end, the final window's close) from the absolute times stored
 * with each ad (`next_deadline_at`, DESIGN.md section 2), which every command that moves a deadline
 * writes in its own transaction. Nothing is kept only in memory: at start-up and every
 * `DEADLINE_READ_INTERVAL_MS` each node reads what falls due within the arming window and waits for it,
 * so a restart loses no deadline and the work grows with the deadlines due, not with the auctions
 * running. Firing (`auctions.announcePhase`) locks the ad and finds the deadline still due before it
 * announces, so of several nodes waiting for one deadline exactly one announces it.
 */
export default fp(
  async (app) => {
    const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
    let closing = false;

    /** Waits for the ad's deadline `at` when it falls within the window, in place of any earlier wait. */
    function arm(adId: string, at: number | null) {
      const armed = timers.get(adId);
      if (armed && armed.at === at) return;
      clearTimeout(armed?.timer);
      timers.delete(adId);
      if (at === null || closing || at > app.now() + ARMING_WINDOW_MS) return;
      // At least 1 ms: a timer may fire a hair early, and the next read then finds the same deadline.
      const timer = setTimeout(
        () => {
          timers.delete(adId);
          void rearm(adId);
        },
        Math.max(at - app.now(), 1),
      );
      timers.set(adId, { at, timer });
    }

    async function rearm(adId: string): Promise<void> {
      if (closing) return;
      try {
        arm(adId, await app.auctions.announcePhase(adId));
      } catch (error) {
        app.log.error({ err: error, adId }, 'firing an auction deadline failed');
      }
    }

    async function readDueSoon(): Promise<number> {
      if (closing) return 0;
      const now = app.now();
      const dueSoon = await deadlinesDueBy(app.db, now + ARMING_WINDOW_MS).execute();
      for (const { id, next_deadline_at: at } of dueSoon) {
        if (closing) break;
        // One after another, so a backlog after a long stop does not take every connection at once.
        if (at! <= now) await rearm(id);
        else arm(id, at);
      }
      return dueSoon.length;
    }

    let passes: Promise<unknown> = Promise.resolve();
    let passesWaiting = 0;
    function resync(): Promise<number> {
      passesWaiting += 1;
      const pass = passes.then(readDueSoon).finally(() => (passesWaiting -= 1));
      passes = pass.catch(() => {});
      return pass;
    }
    const resyncLogged = () => void resync().catch((error: unknown) => app.log.error({ err: error }, 'reading auction deadlines failed'));

    app.decorate('auctionDeadlines', { rearm, resync });
    app.auctions.onChange((adId) => void rearm(adId));

    // A pass still under way (a backlog after a long stop) is not queued behind again.
    const interval = setInterval(() => {
      if (passesWaiting === 0) resyncLogged();
    }, DEADLINE_READ_INTERVAL_MS);
    interval.unref();
    // In the background: the server answers requests while it arms.
    app.addHook('onReady', async () => resyncLogged());
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(interval);
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
      await passes;
    });
  },
  { name: 'auction-deadlines', dependencies: ['database', 'clock', 'auctions'] },
);
