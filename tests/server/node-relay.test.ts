import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, userRoom } from '../../domain/realtime-events';
import { LONGEST_NOTIFICATION_BYTES, RELAY_APPLICATION_NAME, RELAY_CHANNEL, RELAYED_MESSAGE_RETENTION_MS, sweepRelayedMessages } from '../../server/realtime/node-relay';
import { newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { AuctionWatcher, closeOpenSockets, comparable, connectAs, coveredSeqs, eventually, resultOf, snapshotFrom } from './helpers/auction-watcher';
import { buildTestApp, createPostgresDatabase, type TestApp, testDialect } from './helpers/test-app';

afterEach(closeOpenSockets);

/**
 * What a watcher heard past its first snapshot. The start of an auction, announced as it is made,
 * can reach the other node after that node's watcher took a snapshot that already held it.
 */
const heardAfter = (watcher: AuctionWatcher, seq: number) => watcher.heard.filter((change) => change.auction.seq > seq);

/**
 * Several server nodes behind a load balancer share one PostgreSQL (DESIGN.md section 6): what one
 * node says to a room reaches the sockets in that room on the others. SQLite is one node by nature.
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

    const placedOnFirst = resultOf(await connectAs(first, alice.cookie).emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 15_000, idempotencyKey: randomUUID() }));
    await eventually('the first node’s bid on the second node', () => onSecond.view?.auction.seq === startSeq + 1);
    expect(heardAfter(onSecond, startSeq)).toEqual([placedOnFirst]);

    const placedOnSecond = resultOf(await connectAs(second, bob.cookie).emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 16_000, idempotencyKey: randomUUID() }));
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
    // With long names, a run's change (it names each of its bidders) can be too long for a notification.
    const bidders = await Promise.all(Array.from({ length: 40 }, (_, index) => newPerson(nodes[0]!.app, `Bidder${index}${'ـاسم'.repeat(30)}`)));
    const watchers = origins.map((origin) => new AuctionWatcher(origin, ad));
    await eventually('the first snapshots', () => watchers.every((watcher) => watcher.view));
    const startSeq = watchers[0]!.view!.auction.seq;

    const sockets = bidders.map((bidder, index) => connectAs(origins[index % 2]!, bidder.cookie));
    const replies = await Promise.all(sockets.map((socket, index) => socket.emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 10_000 + (index + 1) * 100, idempotencyKey: randomUUID() })));
    const accepted = replies.filter((reply) => reply.ok);
    expect(accepted.length).toBeGreaterThan(0);
    for (const reply of replies) if (!reply.ok) expect(reply.error.code).toBe('BID_NOT_ABOVE_HIGHEST_BID');

    const server = await snapshotFrom(origins[0]!, ad);
    for (const watcher of watchers) {
      await eventually('the last change on each node', () => watcher.view?.auction.seq === server.auction.seq);
      expect(comparable({ ...watcher.view!, bids: [] })).toEqual(comparable({ ...server, bids: [] }));
      expect(watcher.view!.bidders).toHaveLength(accepted.length);
      // Every change reached both nodes, whichever committed it: a watcher fetching snapshots alone would miss some.
      const heardSeqs = new Set(coveredSeqs(watcher.heard));
      expect(Array.from({ length: server.auction.seq - startSeq }, (_, index) => startSeq + index + 1).filter((seq) => !heardSeqs.has(seq))).toEqual([]);
    }
  });

  it('a message too long for a notification is read from the database by the other node, and still heard in its turn', async () => {
    const [first, second] = nodes as [TestApp, TestApp];
    // Signed in, so the socket is in its person's room on the second node.
    const socket = connectAs(origins[1]!, alice.cookie);
    await eventually('the connection', () => socket.connected);
    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.PARTICIPATION_CHANGED, ({ adId }) => heard.push(adId));
    const storedBefore = await second.app.db.selectFrom('relayed_messages').select('id').execute();
    const long = 'long-'.repeat(Math.ceil(LONGEST_NOTIFICATION_BYTES / 5));
    for (const adId of ['before', long, 'after']) first.app.relay.toOtherNodes({ rooms: [userRoom(alice.id)], event: SOCKET_EVENTS.PARTICIPATION_CHANGED, payload: { adId } });
    await eventually('the three messages', () => heard.length === 3);
    expect(heard).toEqual(['before', long, 'after']);
    expect(await second.app.db.selectFrom('relayed_messages').select('id').execute()).toHaveLength(storedBefore.length + 1);
  });

  it('messages said at once go out one after another, in order, never as a query on a busy connection (which pg 9 refuses)', async () => {
    const socket = connectAs(origins[1]!, alice.cookie);
    await eventually('the connection', () => socket.connected);
    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.PARTICIPATION_CHANGED, ({ adId }) => heard.push(adId));
    // The queries each connection has sent and not yet had answered. The relay's connection was made
    // with the nodes, and looks its query method up on each call; the pool's bound theirs as they connected.
    const unanswered = new Map<pg.Client, number>();
    let mostUnanswered = 0;
    const query = pg.Client.prototype.query;
    const sent = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: Parameters<typeof query>) {
      const answer = (query as (...args: unknown[]) => unknown).apply(this, args);
      unanswered.set(this, (unanswered.get(this) ?? 0) + 1);
      mostUnanswered = Math.max(mostUnanswered, unanswered.get(this)!);
      const answered = () => void unanswered.set(this, unanswered.get(this)! - 1);
      void (answer as Promise<unknown>).then(answered, answered);
      return answer as ReturnType<typeof query>;
    });
    try {
      // Every fourth too long for a notification, so kept in the table first.
      const said = Array.from({ length: 20 }, (_, index) => (index % 4 === 3 ? `${index}-${'long-'.repeat(Math.ceil(LONGEST_NOTIFICATION_BYTES / 5))}` : String(index)));
      for (const adId of said) nodes[0]!.app.relay.toOtherNodes({ rooms: [userRoom(alice.id)], event: SOCKET_EVENTS.PARTICIPATION_CHANGED, payload: { adId } });
      await eventually('every message', () => heard.length === said.length);
      expect(heard).toEqual(said);
      // Twenty notifications and five rows kept, each sent once the one before was answered.
      expect(sent.mock.calls.length).toBeGreaterThanOrEqual(said.length + said.length / 4);
      expect(mostUnanswered).toBe(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('long messages are swept away once the retention period has passed, and not before', async () => {
    const { db } = nodes[0]!.app;
    const now = nodes[0]!.app.now();
    const said = [RELAYED_MESSAGE_RETENTION_MS + 1, RELAYED_MESSAGE_RETENTION_MS, RELAYED_MESSAGE_RETENTION_MS - 1].map((ago) => ({ id: randomUUID(), body: '{}', created_at: now - ago }));
    await db.insertInto('relayed_messages').values(said).execute();
    await sweepRelayedMessages(db, now);
    const left = await db.selectFrom('relayed_messages').select('id').where('id', 'in', said.map((message) => message.id)).execute();
    // Only the one said a millisecond short of the retention period stays.
    expect(left.map((row) => row.id)).toEqual([said[2]!.id]);
  });

  it('each node sweeps the long messages past their retention period on its own, once a retention period', async () => {
    // Only intervals are faked, so the node's connections, and the waits here, run in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let node: TestApp | undefined;
    try {
      // Its clock ahead of the other nodes' by more than this test takes: the message past the retention
      // period by its clock is not yet by theirs, so only its own sweeper can have swept it.
      const aheadMs = 10_000;
      node = await buildTestApp({ now: () => Date.now() + aheadMs, env: { DATABASE_URL: database.url } });
      const { db } = node.app;
      const now = node.app.now();
      const said = [RELAYED_MESSAGE_RETENTION_MS + 1, 0].map((ago) => ({ id: randomUUID(), body: '{}', created_at: now - ago }));
      await db.insertInto('relayed_messages').values(said).execute();
      const left = async () => (await db.selectFrom('relayed_messages').select('id').where('id', 'in', said.map((message) => message.id)).execute()).map((row) => row.id);
      vi.advanceTimersByTime(RELAYED_MESSAGE_RETENTION_MS);
      await eventually('the old message swept', async () => (await left()).length === 1);
      expect(await left()).toEqual([said[1]!.id]);
    } finally {
      try {
        await node?.close();
      } finally {
        vi.useRealTimers();
      }
    }
  });

  /** The backends of the nodes' relay connections, as PostgreSQL lists them. */
  const listeners = () =>
    sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${RELAY_APPLICATION_NAME}`
      .execute(nodes[0]!.app.db)
      .then(({ rows }) => rows.map((row) => row.pid));
  /** Ends both nodes' relay connections, as a database restart would; each node listens again a moment later. */
  async function breakRelayConnections(): Promise<number[]> {
    // Both listening first: a node may still be listening again after the previous test broke its connection.
    const broken = await eventually('both nodes listening', async () => {
      const listening = await listeners();
      return listening.length === 2 && listening;
    });
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY(${broken})`.execute(nodes[0]!.app.db);
    return broken;
  }

  it('a node whose connection to the others broke (a database restart) listens again, and hears the other node’s bids', async () => {
    const broken = await breakRelayConnections();
    const relistened = async () => {
      const listening = await listeners();
      return listening.length === 2 && listening.every((pid) => !broken.includes(pid));
    };
    await eventually('both nodes listening again', relistened, 10_000);

    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    const placed = resultOf(await connectAs(origins[0]!, alice.cookie).emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 15_000, idempotencyKey: randomUUID() }));
    await eventually('the bid on the second node', () => onSecond.view?.auction.seq === startSeq + 1);
    expect(heardAfter(onSecond, startSeq)).toEqual([placed]);
  });

  it('a node that listens again after its connection broke has its watchers fetch the snapshot: a bid said meanwhile reaches them', async () => {
    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    // Connected before, so only the bid itself has to fit in the moment before the nodes listen again.
    const bidder = connectAs(origins[0]!, alice.cookie);
    await eventually('the bidder connected', () => bidder.connected);
    await breakRelayConnections();
    await eventually('neither node listening', async () => (await listeners()).length === 0);

    const placed = resultOf(await bidder.emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 15_000, idempotencyKey: randomUUID() }));
    // Said while neither node listened, so lost on its way to the second node: no later change will show the gap.
    expect(await listeners()).toEqual([]);
    await eventually('the bid on the second node', () => onSecond.view?.auction.seq === placed.auction.seq, 10_000);
    // From a snapshot fetched once the nodes listened again, not from a broadcast.
    expect(heardAfter(onSecond, startSeq)).toEqual([]);
    expect(onSecond.snapshotsTaken).toBeGreaterThan(1);
    expect(comparable(onSecond.view!)).toEqual(comparable(await snapshotFrom(origins[0]!, ad)));
  });

  it('a node that listens again says so to the other nodes, whose watchers fetch the snapshot too: what it said meanwhile is lost', async () => {
    const channel = new pg.Client({ connectionString: database.url });
    await channel.connect();
    try {
      const heardOnChannel: Array<{ payload: string; processId: number }> = [];
      channel.on('notification', ({ payload, processId }) => heardOnChannel.push({ payload: payload ?? '', processId }));
      await channel.query(`LISTEN ${RELAY_CHANNEL}`);
      await eventually('both nodes listening', async () => (await listeners()).length === 2);
      const ad = await newAuction(nodes[0]!.app, owner);
      const watchers = origins.map((origin) => new AuctionWatcher(origin, ad));
      await eventually('the first snapshots', () => watchers.every((watcher) => watcher.view));
      // A bid on the first node is relayed by it alone: the backend that said it is that node's relay connection.
      await connectAs(origins[0]!, alice.cookie).emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 15_000, idempotencyKey: randomUUID() });
      const firstNodes = await eventually('the bid on the channel', () => heardOnChannel.find(({ payload }) => payload.includes(ad.id)));
      await eventually('each watcher following the bid', () => watchers.every((watcher) => watcher.view?.auction.bidCount === 1));
      const [otherNodesConnection] = (await listeners()).filter((pid) => pid !== firstNodes.processId);
      expect(otherNodesConnection).toBeDefined();
      const snapshotsBefore = watchers.map((watcher) => watcher.snapshotsTaken);

      // Only the first node's connection breaks: the second node's watchers hear of it from the first node's word alone.
      await sql`SELECT pg_terminate_backend(${firstNodes.processId}::int)`.execute(nodes[0]!.app.db);
      const prefixOfFirstNode = firstNodes.payload.split(' ')[0]!;
      const word = await eventually('the first node saying it listens again', () => heardOnChannel.find(({ payload }) => payload === `${prefixOfFirstNode} {"relistened":true}`), 10_000);
      expect(word.processId).not.toBe(firstNodes.processId);
      await eventually('each watcher’s snapshot after the word', () => watchers.every((watcher, index) => watcher.snapshotsTaken === snapshotsBefore[index]! + 1));
      expect(await listeners()).toContain(otherNodesConnection);
      for (const watcher of watchers) expect(comparable(watcher.view!)).toEqual(comparable(await snapshotFrom(origins[0]!, ad)));
    } finally {
      await channel.end();
    }
  });

  it('a notification on the channel that is not the relay’s own is skipped, and the nodes go on relaying', async () => {
    const ad = await newAuction(nodes[0]!.app, owner);
    const onSecond = new AuctionWatcher(origins[1]!, ad);
    const startSeq = (await eventually('the first snapshot', () => onSecond.view)).auction.seq;
    for (const junk of ['not json', '42', 'null', '"text"', '{}', '{"message":42}']) {
      await sql`SELECT pg_notify(${RELAY_CHANNEL}, ${`${randomUUID()} ${junk}`})`.execute(nodes[0]!.app.db);
    }
    const placed = resultOf(await connectAs(origins[0]!, alice.cookie).emitWithAck(SOCKET_EVENTS.BID_PLACE, { adId: ad.id, amount: 15_000, idempotencyKey: randomUUID() }));
    await eventually('the bid on the second node', () => onSecond.view?.auction.seq === placed.auction.seq);
    expect(heardAfter(onSecond, startSeq)).toEqual([placed]);
  });
});

