import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, userRoom } from '../../domain/realtime-events';
import { ATTACHMENTS_TABLE, CLUSTER_APPLICATION_NAME, CLUSTER_CHANNEL } from '../../server/realtime/cluster';
import { newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { AuctionWatcher, closeOpenSockets, comparable, connectAs, coveredSeqs, eventually, placeBidAt, placedAt, snapshotFrom } from './helpers/auction-watcher';
import { buildTestApp, createPostgresDatabase, type TestApp, testDialect } from './helpers/test-app';

afterEach(closeOpenSockets);

/**
 * What a watcher heard past its first snapshot. The start of an auction, announced as it is made,
 * can reach the other node after that node's watcher took a snapshot that already held it.
 */
const heardAfter = (watcher: AuctionWatcher, seq: number) => watcher.heard.filter((change) => change.auction.seq > seq);

/**
 * Several server nodes behind a load balancer share one PostgreSQL (DESIGN.md section 6): what one
 * node says to a room reaches the sockets in that room on the others, through socket.io's PostgreSQL
 * adapter. SQLite is one node by nature.
 */
describe.skipIf(testDialect !== 'postgres')('two server nodes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const nodes: TestApp[] = [];
  const origins: string[] = [];
  let owner: Person;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other: the second finds the schema migrated and the data seeded by the first.
    for (let index = 0; index < 2; index++) {
      const node = await buildTestApp({ env: { DATABASE_URL: database.url } });
      nodes.push(node);
      origins.push(await node.app.listen({ port: 0, host: '127.0.0.1' }));
    }
    owner = await newPerson(nodes[0]!.app, 'Owner');
    alice = await newPerson(nodes[0]!.app, 'Alice');
    bob = await newPerson(nodes[0]!.app, 'Bob');
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database?.drop();
  });

  it('a bid placed on one node reaches a watcher on the other, and one placed there reaches a watcher on the first, in seq order', async () => {
    const [first, second] = origins as [string, string];
    const ad = await newAuction(nodes[0]!.app, owner);
    const onFirst = new AuctionWatcher(first, ad);
    const onSecond = new AuctionWatcher(second, ad);
    const startSeq = (await eventually('the first snapshots', () => onFirst.view && onSecond.view)).auction.seq;

    const placedOnFirst = await placedAt(first, alice.cookie, ad, 15_000);
    await eventually('the first node’s bid on the second node', () => onSecond.view?.auction.seq === startSeq + 1);
    expect(heardAfter(onSecond, startSeq)).toEqual([placedOnFirst]);

    const placedOnSecond = await placedAt(second, bob.cookie, ad, 16_000);
    await eventually('the second node’s bid on the first node', () => onFirst.view?.auction.seq === startSeq + 2);
    expect(heardAfter(onFirst, startSeq)).toEqual([placedOnFirst, placedOnSecond]);

    for (const watcher of [onFirst, onSecond]) {
      await eventually('both bids', () => watcher.view?.auction.seq === startSeq + 2);
      expect(coveredSeqs(heardAfter(watcher, startSeq))).toEqual([startSeq + 1, startSeq + 2]);
      // Followed by the broadcasts alone, with no gap to fetch the snapshot for.
      expect(watcher.snapshotsTaken).toBe(1);
      expect(comparable(watcher.view!)).toEqual(comparable(await snapshotFrom(first, ad)));
    }
    expect(comparable(await snapshotFrom(second, ad))).toEqual(comparable(await snapshotFrom(first, ad)));
  });

  it('the close of an auction, fired by the node that armed its deadline, reaches the watchers on the other node', async () => {
    // Armed on the first node only: the second would arm it at its next resync, and must not have fired it itself.
    const second = nodes[1]!.app;
    const announcedBySecond: string[] = [];
    const announcePhase = second.auctions.announcePhase;
    second.auctions.announcePhase = (adId) => {
      announcedBySecond.push(adId);
      return announcePhase(adId);
    };
    try {
      const endsAt = Date.now() + 2_000;
      const ad = await newAuction(nodes[0]!.app, owner, { ends_at: endsAt });
      const onSecond = new AuctionWatcher(origins[1]!, ad);
      const before = await eventually('the first snapshot', () => onSecond.view);
      expect(before.auction.phase).toBe('active');
      const close = await eventually('the end without bids', () => onSecond.heard.find((change) => change.auction.phase === 'endedWithoutBids'), endsAt - Date.now() + 3_000);
      expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
      expect(close).toMatchObject({ fromSeq: before.auction.seq, auction: { seq: before.auction.seq + 1 } });
      expect(announcedBySecond).not.toContain(ad.id);
    } finally {
      // The nodes serve the other tests too.
      second.auctions.announcePhase = announcePhase;
    }
  });

  it('bids sent to both nodes at once, by bidders with long names: the watchers on each node end where the database is', async () => {
    const ad = await newAuction(nodes[0]!.app, owner, { on_back_price: null });
    // With long names, a run's change (it names each of its bidders) can be too long for a notification:
    // the adapter keeps it in its table, and the other node reads it from there.
    const bidders = await Promise.all(Array.from({ length: 40 }, (_, index) => newPerson(nodes[0]!.app, `Bidder${index}${'ـاسم'.repeat(120)}`)));
    const watchers = origins.map((origin) => new AuctionWatcher(origin, ad));
    await eventually('the first snapshots', () => watchers.every((watcher) => watcher.view));
    const startSeq = watchers[0]!.view!.auction.seq;

    const attachmentsBefore = await attachments();
    const responses = await Promise.all(bidders.map((bidder, index) => placeBidAt(origins[index % 2]!, bidder.cookie, ad, 10_000 + (index + 1) * 100)));
    const replies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { error?: { code: string } } })));
    const accepted = replies.filter((reply) => reply.status === 201);
    expect(accepted.length).toBeGreaterThan(0);
    for (const reply of replies) if (reply.status !== 201) expect(reply.body.error?.code).toBe('BID_NOT_ABOVE_HIGHEST_BID');

    const server = await snapshotFrom(origins[0]!, ad);
    for (const watcher of watchers) {
      await eventually('the last change on each node', () => watcher.view?.auction.seq === server.auction.seq);
      expect(comparable({ ...watcher.view!, bids: [] })).toEqual(comparable({ ...server, bids: [] }));
      expect(watcher.view!.bidders).toHaveLength(accepted.length);
      // Every change reaches both nodes, whichever committed it: a watcher fetching snapshots alone would miss some.
      // One relayed through the adapter's table may come after a newer one the watcher caught up with by snapshot.
      const unheard = () => {
        const heardSeqs = new Set(coveredSeqs(watcher.heard));
        return Array.from({ length: server.auction.seq - startSeq }, (_, index) => startSeq + index + 1).filter((seq) => !heardSeqs.has(seq));
      };
      await eventually('every change on each node', () => unheard().length === 0);
    }
    // Some change went through the table: the case this test is for.
    expect(await attachments()).toBeGreaterThan(attachmentsBefore);
  });

  it('what one node says to a person’s room reaches their socket on the other node, a packet too long for a notification too', async () => {
    // Signed in, so the socket is in its person's room on the second node.
    const socket = connectAs(origins[1]!, alice.cookie);
    await eventually('the connection', () => socket.connected);
    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.PARTICIPATION_CHANGED, ({ adId }) => heard.push(adId));
    const attachmentsBefore = await attachments();
    const long = 'long-'.repeat(2_000);
    nodes[0]!.app.io.to(userRoom(alice.id)).emit(SOCKET_EVENTS.PARTICIPATION_CHANGED, { adId: 'short' });
    await eventually('the short one', () => heard.length === 1);
    nodes[0]!.app.io.to(userRoom(alice.id)).emit(SOCKET_EVENTS.PARTICIPATION_CHANGED, { adId: long });
    await eventually('the long one', () => heard.length === 2);
    expect(heard).toEqual(['short', long]);
    expect(await attachments()).toBe(attachmentsBefore + 1);
  });

  /** The backends the nodes listen to each other on, as PostgreSQL lists them (each node's other connection sends). */
  const listeners = () =>
    sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${CLUSTER_APPLICATION_NAME} AND query LIKE 'LISTEN%'`
      .execute(nodes[0]!.app.db)
      .then(({ rows }) => rows.map((row) => row.pid));
  /** Ends the nodes' listening connections (both, or the one given), as a database restart would; each listens again a few moments later. */
  async function breakListeners(count = 2): Promise<number[]> {
    // Both listening first: a node may still be listening again after the previous test broke its connection.
    const listening = await eventually('both nodes listening', async () => {
      const found = await listeners();
      return found.length === 2 && found;
    }, 10_000);
    const broken = listening.slice(0, count);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY(${broken})`.execute(nodes[0]!.app.db);
    return broken;
  }
  /** How many packets the adapter keeps in its table, too long for a notification. */
  async function attachments(): Promise<number> {
    const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.table(ATTACHMENTS_TABLE)}`.execute(nodes[0]!.app.db);
    return Number(rows[0]!.count);
  }

  it('a node whose listening connection broke (a database restart) listens again, and hears the other node’s bids', async () => {
    const broken = await breakListeners();
    const relistened = async () => {
      const listening = await listeners();
      return listening.length === 2 && listening.every((pid) => !broken.includes(pid));
    };
    await eventually('both nodes listening again', relistened, 10_000);

    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    const placed = await placedAt(origins[0]!, alice.cookie, ad, 15_000);
    await eventually('the bid on the second node', () => onSecond.view?.auction.seq === startSeq + 1);
    expect(heardAfter(onSecond, startSeq)).toEqual([placed]);
  });

  // The adapter alone listens again but says nothing of what it missed meanwhile: this watcher would
  // show the auction without the bid for good, since no later change shows it the gap.
  it('a node that listens again after its connection broke has its watchers fetch the snapshot: a bid said meanwhile reaches them', async () => {
    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    await breakListeners();
    await eventually('neither node listening', async () => (await listeners()).length === 0);

    const placed = await placedAt(origins[0]!, alice.cookie, ad, 15_000);
    // Said while neither node listened, so lost on its way to the second node: no later change will show the gap.
    expect(await listeners()).toEqual([]);
    await eventually('the bid on the second node', () => onSecond.view?.auction.seq === placed.auction.seq, 10_000);
    // From a snapshot fetched once the nodes listened again, not from a broadcast.
    expect(heardAfter(onSecond, startSeq)).toEqual([]);
    expect(onSecond.snapshotsTaken).toBeGreaterThan(1);
    expect(comparable(onSecond.view!)).toEqual(comparable(await snapshotFrom(origins[0]!, ad)));
  });

  it('a node that listens again tells the sockets of every node to fetch what they show', async () => {
    // The word of the nodes that listened again after the last test is out by the time they listen, and a moment after.
    await eventually('both nodes listening', async () => (await listeners()).length === 2, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ad = await newAuction(nodes[0]!.app, owner);
    const watchers = origins.map((origin) => new AuctionWatcher(origin, ad));
    await eventually('the first snapshots', () => watchers.every((watcher) => watcher.view));
    const snapshotsBefore = watchers.map((watcher) => watcher.snapshotsTaken);
    // Only one node's connection breaks: the other node's watchers hear of it from that node's word alone.
    await breakListeners(1);
    await eventually('each watcher’s snapshot after the word', () => watchers.every((watcher, index) => watcher.snapshotsTaken === snapshotsBefore[index]! + 1), 10_000);
    for (const watcher of watchers) expect(comparable(watcher.view!)).toEqual(comparable(await snapshotFrom(origins[0]!, ad)));
  });

  // The adapter alone logs a packet it failed to send, and the other nodes never hear of it.
  it('a change a node failed to send reaches the other node’s watchers all the same, through the snapshot', async () => {
    await eventually('both nodes listening', async () => (await listeners()).length === 2, 10_000);
    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    // The notification of this ad's change fails once, as on a connection that broke under it.
    const query = pg.Pool.prototype.query;
    let failed = 0;
    const sent = vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
      const [text, values] = args as [unknown, unknown[] | undefined];
      if (failed === 0 && typeof text === 'string' && text.includes('pg_notify') && JSON.stringify(values ?? []).includes(ad.id)) {
        failed += 1;
        return Promise.reject(new Error('the connection broke'));
      }
      return (query as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      const placed = await placedAt(origins[0]!, alice.cookie, ad, 15_000);
      await eventually('the bid on the second node', () => onSecond.view?.auction.seq === placed.auction.seq, 10_000);
      expect(failed).toBe(1);
      expect(heardAfter(onSecond, startSeq)).toEqual([]);
      expect(comparable(onSecond.view!)).toEqual(comparable(await snapshotFrom(origins[0]!, ad)));
    } finally {
      sent.mockRestore();
    }
  });

  it('a notification on the channel that is not the adapter’s own is skipped, and the nodes go on telling each other', async () => {
    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    for (const junk of ['not json', '42', 'null', '"text"', '{}', '{"attachmentId":42}', `{"uid":"${randomUUID()}","nsp":"/","type":3}`]) {
      await sql`SELECT pg_notify(${CLUSTER_CHANNEL}, ${junk})`.execute(nodes[0]!.app.db);
    }
    const placed = await placedAt(origins[0]!, alice.cookie, ad, 15_000);
    await eventually('the bid on the second node', () => onSecond.view?.auction.seq === placed.auction.seq);
    expect(heardAfter(onSecond, startSeq)).toEqual([placed]);
  });
});
