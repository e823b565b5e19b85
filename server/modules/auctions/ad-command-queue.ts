/** The most bids decided and committed in one transaction; more waiting go in the next. */
export const MOST_BIDS_AT_ONCE = 500;

type Job<Bid> = { kind: 'bid'; bid: Bid } | { kind: 'command'; run: () => Promise<void> };

/**
 * The commands on each ad in the order this server received them, one after another, except that
 * bids waiting together are handed over together, to be decided in receipt order and committed in one
 * transaction (a group commit): under a storm of bids an ad's lock is taken once per run of them
 * instead of once per bid. An ad's queue starts after the event loop's current turn, so the bids that
 * arrived in that turn go together; while one run is being committed the next gathers.
 *
 * `decideBids` settles every bid it is given.
 */
export function createAdCommandQueues<Bid extends { reject: (error: unknown) => void }>(decideBids: (adId: string, bids: Bid[]) => Promise<void>) {
  const waiting = new Map<string, Job<Bid>[]>();

  async function work(adId: string, jobs: Job<Bid>[]) {
    while (jobs.length > 0) {
      const next = jobs[0]!;
      if (next.kind === 'command') {
        jobs.shift();
        await next.run();
        continue;
      }
      let count = 1;
      while (count < jobs.length && count < MOST_BIDS_AT_ONCE && jobs[count]!.kind === 'bid') count += 1;
      const bids = jobs.splice(0, count).map((job) => (job as Extract<Job<Bid>, { kind: 'bid' }>).bid);
      // `decideBids` answers every bid itself; should it ever fail instead, its bids hear the failure
      // and the ad's later commands still run.
      await decideBids(adId, bids).catch((error: unknown) => {
        for (const bid of bids) bid.reject(error);
      });
    }
    waiting.delete(adId);
  }

  function enqueue(adId: string, job: Job<Bid>) {
    const jobs = waiting.get(adId);
    if (jobs) return void jobs.push(job);
    const started = [job];
    waiting.set(adId, started);
    setImmediate(() => void work(adId, started));
  }

  return {
    bid(adId: string, bid: Bid): void {
      enqueue(adId, { kind: 'bid', bid });
    },
    /** Any other command on the ad, in its turn; answers what `run` answers. */
    command<T>(adId: string, run: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => enqueue(adId, { kind: 'command', run: () => run().then(resolve, reject) }));
    },
  };
}
