import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, MessageChannel, type MessagePort, parentPort, Worker, workerData } from 'node:worker_threads';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { Client } from 'undici';
import type { AuctionChange, PlaceBidInput } from '../../domain/auction';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import { DAY_MS } from '../../domain/timing';
import { adRoom, type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS } from '../../domain/realtime-events';
import { MOST_BIDS_AT_ONCE } from '../../server/modules/auctions/ad-command-queue';
import { newAuction, newPerson, type Person } from '../server/helpers/auction-fixtures';
import { buildTestApp, createPostgresDatabase } from '../server/helpers/test-app';
import { describeMachine, percentile } from './figures';

/**
 * The bid engine under a crowd (issue 5): one auction watched by 100 and by 1,000 sockets, bids placed
 * by a few bidders over HTTP as the client places them (POST /api/ads/:slug/bids on a kept-alive
 * connection, with the session cookie and the anti-forgery token), beside a bare socket.io server that
 * takes the same requests and broadcasts the same payload to the same crowd in the same run. The marketplace is built in this process (buildTestApp); the crowd
 * runs in two worker threads (watchers, bidders), so it shares the machine's cores but not the
 * server's event loop, and on SQLite once more on the server's own event loop for comparison.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL names a cluster (a database is created in it and
 * dropped afterwards), on one node and then on two, the watchers on the one the bids are not placed on.
 * Figures depend on the machine: they are printed beside the issue's targets, never asserted.
 */
const WATCHER_COUNTS = [100, 1_000] as const;
/** The paced bids go round these bidders, each on its own kept-alive connection. */
const BIDDERS = 4;
/**
 * Bids kept in flight during the storm: the next leaves as soon as an answer comes back. The storm
 * measures how many bids the engine can take, so it offers enough to fill the engine's largest run.
 * How busy the server was is printed with each storm.
 */
const STORM_IN_FLIGHT = MOST_BIDS_AT_ONCE;
/**
 * The storm's bids go out over this many connections, as a crowd of bidders' browsers would send them.
 * Not over one: Node's HTTP server answers the requests pipelined on one connection one after another,
 * so the engine would only ever see one bid at a time. Bids that arrive out of the order their amounts
 * were chosen in are rightly refused as too low; the engine decided them all the same, so the storm
 * prints what it decided as well as what it accepted.
 */
const STORM_CONNECTIONS = 50;
/**
 * Paced bids taken unmeasured before the first turn, until the code of the engine, of socket.io and of
 * the crowd runs as fast as in a server that has run for a while: each side in turn for
 * WARM_UP_SLICE_MS, WARM_UP_SLICES times. After 100 warm-up bids the engine's last watcher p50 at 100
 * watchers still fell from one turn to the next (2.0 ms in the first, 1.7 ms in the last). In turns,
 * because the two servers share socket.io's and Node's stream code, and V8 recompiles it for each
 * server's shapes as the turns change: after one warm-up of 10 s a side, V8 (--trace-opt
 * --trace-deopt) still compiled 24 functions and deoptimized 20 during the measured turns, the engine's
 * decideBid among them; after four turns of 2.5 s a side, 6 and 2.
 */
const WARM_UP_SLICE_MS = 2_500;
const WARM_UP_SLICES = 4;
/**
 * Bids placed one at a time, each waiting for its acknowledgement and for the last watcher. A
 * thousand, so that the p99 is the tenth slowest bid, not the second slowest of 200.
 */
const PACED_BIDS = 1_000;
/**
 * Turns the marketplace and the bare server take (measureInTurns): short ones for the paced bids, since
 * this machine's speed drifts within seconds; longer ones for the storm, each long enough to reach its steady rate.
 */
const PACED_TURNS = 10;
const STORM_TURNS = 4;
const STORM_MS = 3_000;
const ACK_TIMEOUT_MS = 10_000;
/** How long the watchers may take to catch up after the storm before the missing deliveries are counted. */
const DRAIN_TIMEOUT_MS = 30_000;
const CONNECT_BATCH = 100;
/** SAR bids are whole riyals (the ad allows no decimals): each bid is one riyal above the last. */
const AMOUNT_STEP = 100;

const TARGETS = { watcherLatencyRatio: 1.3, ackP99Ms: 20, ackP99Watchers: 1_000, acceptedBidsPerSecond: 3_000 };

// ── The crowd: watchers and bidders of one auction on one server ─────────────────────────────

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One clock for every thread of this process, so a bid emitted in one thread and heard in another can be timed. */
const clock = () => performance.timeOrigin + performance.now();

interface WatchersSetup {
  url: string;
  adId: string;
  watchers: number;
}

interface BiddersSetup {
  url: string;
  slug: string;
  /** The session cookie of each bidder. */
  cookies: string[];
  /** The first amount bid; each later bid is one step above the one emitted before. */
  firstAmount: number;
}

/** When the last watcher had heard the auction up to this `seq`, on `clock`. */
interface HeardByAll {
  seq: number;
  at: number;
}

interface PacedFigures {
  ackMs: number[];
  lastWatcherMs: number[];
  refused: Record<string, number>;
}

interface StormFigures {
  accepted: number;
  refused: Record<string, number>;
  /** From the first bid to the last acknowledgement. */
  seconds: number;
  ackMs: number[];
  lastWatcherMs: number[];
  /** After the last acknowledgement, until the last watcher had every accepted bid. */
  drainMs: number;
  /** Accepted bids some watcher had still not heard of when the drain timed out. */
  undelivered: number;
}

function open(url: string): ClientSocket {
  // forceNew: otherwise every socket to the same URL shares one connection (socket.io multiplexing).
  return connectSocket(url, { transports: ['websocket'], forceNew: true, reconnection: false });
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A bid's answer: the committed change, or the refusal's code. */
type BidReply = { ok: true; result: AuctionChange } | { ok: false; code: string };

function countRefusal(refused: Record<string, number>, reply: BidReply) {
  if (!reply.ok) refused[reply.code] = (refused[reply.code] ?? 0) + 1;
}

/** One bidder's browser: a kept-alive connection, its session cookie, and the anti-forgery token it repeats in a header. */
interface HttpBidder {
  connection: Client;
  headers: Record<string, string>;
}

function httpBidder(url: string, cookie: string): HttpBidder {
  const csrf = randomUUID();
  return {
    connection: new Client(url, { keepAliveTimeout: DAY_MS }),
    headers: { 'content-type': 'application/json', cookie: `${cookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
  };
}

/**
 * The watchers of one auction, visitors all. Every watcher hears the same changes (a bid, or a run of
 * bids told at once), each ending at its `seq`; the moment the last watcher has heard a change is
 * reported: from then on every watcher has each bid up to that `seq`.
 */
class Watchers {
  private readonly sockets: ClientSocket[] = [];
  private readonly heard = new Map<number, number>();

  constructor(
    private readonly setup: WatchersSetup,
    private readonly report: (heard: HeardByAll) => void,
  ) {}

  async connect(): Promise<void> {
    const { url, adId, watchers } = this.setup;
    for (let start = 0; start < watchers; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, watchers - start) }, () => open(url));
      await Promise.all(batch.map((socket) => connected(socket)));
      await Promise.all(batch.map((socket) => socket.timeout(ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.AD_WATCH, adId)));
      for (const socket of batch) socket.on(SOCKET_EVENTS.AUCTION_CHANGED, (change) => this.hear(change));
      this.sockets.push(...batch);
    }
  }

  private hear(change: AuctionChange) {
    const { seq } = change.auction;
    const count = (this.heard.get(seq) ?? 0) + 1;
    if (count < this.sockets.length) return void this.heard.set(seq, count);
    this.heard.delete(seq);
    this.report({ seq, at: clock() });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.disconnect();
  }
}

interface AwaitingWatchers {
  seq: number;
  emittedAt: number;
  delivered: (lastWatcherMs: number) => void;
}

interface BidOutcome {
  reply: BidReply;
  ackMs: number;
  /** Resolves when the last watcher has the bid; null when the bid was refused. */
  delivered: Promise<number> | null;
}

/** Signed-in bidders, each amount one step above the one sent before. */
class Bidders {
  private readonly bidders: HttpBidder[] = [];
  /** The storm's bidders: the first bidder again, on STORM_CONNECTIONS connections of their own. */
  private readonly stormBidders: HttpBidder[] = [];
  /** What the watchers reported, in `seq` order: when the last of them had heard up to each `seq`. */
  private readonly heard: HeardByAll[] = [];
  /** Accepted bids whose `seq` no report has reached yet. */
  private awaiting: AwaitingWatchers[] = [];
  private nextAmount: number;
  /** Whose turn the next paced bid is: the warm-up and the measured turns go round the bidders as one sequence. */
  private nextBidder = 0;

  constructor(private readonly setup: BiddersSetup) {
    this.nextAmount = setup.firstAmount;
  }

  async connect(): Promise<void> {
    this.bidders.push(...this.setup.cookies.map((cookie) => httpBidder(this.setup.url, cookie)));
    this.stormBidders.push(...Array.from({ length: STORM_CONNECTIONS }, () => httpBidder(this.setup.url, this.setup.cookies[0]!)));
  }

  heardByAll(report: HeardByAll): void {
    this.heard.push(report);
    const reached = this.awaiting.filter((bid) => bid.seq <= report.seq);
    if (reached.length === 0) return;
    this.awaiting = this.awaiting.filter((bid) => bid.seq > report.seq);
    for (const bid of reached) bid.delivered(report.at - bid.emittedAt);
  }

  /** When the last watcher has the bid at `seq`: at once if the watchers were heard from before its ack came back. */
  private lastWatcherOf(seq: number, emittedAt: number): Promise<number> {
    const report = this.heard.find((heard) => heard.seq >= seq);
    if (report) return Promise.resolve(report.at - emittedAt);
    return new Promise<number>((resolve) => this.awaiting.push({ seq, emittedAt, delivered: resolve }));
  }

  private async placeBid(bidder: HttpBidder): Promise<BidOutcome> {
    const amount = this.nextAmount;
    this.nextAmount += AMOUNT_STEP;
    const emittedAt = clock();
    const response = await bidder.connection.request({
      path: `/api/ads/${this.setup.slug}/bids`,
      method: 'POST',
      headers: bidder.headers,
      body: JSON.stringify({ amount, idempotencyKey: randomUUID() } satisfies PlaceBidInput),
      headersTimeout: ACK_TIMEOUT_MS,
    });
    const body = (await response.body.json()) as AuctionChange | { error: { code: string } };
    const reply: BidReply = response.statusCode === 201 ? { ok: true, result: body as AuctionChange } : { ok: false, code: 'error' in body ? body.error.code : `HTTP_${response.statusCode}` };
    const ackMs = clock() - emittedAt;
    return { reply, ackMs, delivered: reply.ok ? this.lastWatcherOf(reply.result.auction.seq, emittedAt) : null };
  }

  /** Paced bids for `ms`, not measured (WARM_UP_SLICE_MS). */
  async warmUp(ms: number): Promise<void> {
    const endsAt = clock() + ms;
    while (clock() < endsAt) await this.paced(1);
  }

  /** One bid at a time, round the bidders, each waiting for its acknowledgement and its last watcher. */
  async paced(bids: number): Promise<PacedFigures> {
    const figures: PacedFigures = { ackMs: [], lastWatcherMs: [], refused: {} };
    for (let index = 0; index < bids; index++) {
      const bidder = this.bidders[this.nextBidder++ % this.bidders.length]!;
      const { reply, ackMs, delivered } = await this.placeBid(bidder);
      countRefusal(figures.refused, reply);
      if (!delivered) continue;
      figures.ackMs.push(ackMs);
      const lastWatcherMs = await withTimeout(delivered, DRAIN_TIMEOUT_MS);
      if (lastWatcherMs === undefined) throw new Error(`a watcher never heard of a bid (${this.setup.url})`);
      figures.lastWatcherMs.push(lastWatcherMs);
    }
    return figures;
  }

  /** The first bidder keeps STORM_IN_FLIGHT bids in flight for `ms` over its storm connections; then the watchers are given time to catch up. */
  async storm(ms: number): Promise<StormFigures> {
    const figures: StormFigures = { accepted: 0, refused: {}, seconds: 0, ackMs: [], lastWatcherMs: [], drainMs: 0, undelivered: 0 };
    const deliveries: Promise<unknown>[] = [];
    const startedAt = clock();
    const endsAt = startedAt + ms;
    const lanes = Array.from({ length: STORM_IN_FLIGHT }, (_, lane) => this.stormBidders[lane % STORM_CONNECTIONS]!);
    await Promise.all(
      lanes.map(async (bidder) => {
        while (clock() < endsAt) {
          // An answer that never came is counted with the refusals, not allowed to end the run.
          const placed = await this.placeBid(bidder).catch(() => null);
          if (!placed) {
            figures.refused.ACK_TIMEOUT = (figures.refused.ACK_TIMEOUT ?? 0) + 1;
            continue;
          }
          const { reply, ackMs, delivered } = placed;
          countRefusal(figures.refused, reply);
          if (!delivered) continue;
          figures.accepted += 1;
          figures.ackMs.push(ackMs);
          deliveries.push(delivered.then((lastWatcherMs) => figures.lastWatcherMs.push(lastWatcherMs)));
        }
      }),
    );
    const lastAckAt = clock();
    figures.seconds = (lastAckAt - startedAt) / 1000;
    await withTimeout(Promise.all(deliveries), DRAIN_TIMEOUT_MS);
    figures.drainMs = clock() - lastAckAt;
    figures.undelivered = deliveries.length - figures.lastWatcherMs.length;
    this.awaiting = [];
    return figures;
  }

  async close(): Promise<void> {
    await Promise.all([...this.bidders, ...this.stormBidders].map((bidder) => bidder.connection.close()));
  }
}

// ── Where the crowd runs: worker threads, or the server's own event loop ──────────────────────

/** One auction's crowd as the run drives it, wherever it runs. */
interface Crowd {
  connect(): Promise<void>;
  warmUp(ms: number): Promise<void>;
  paced(bids: number): Promise<PacedFigures>;
  storm(ms: number): Promise<StormFigures>;
  close(): Promise<void>;
}

interface CrowdSetup {
  watchers: WatchersSetup;
  bidders: BiddersSetup;
}

interface Placement {
  name: string;
  start(): Promise<{ open(setup: CrowdSetup): Crowd; stop(): Promise<void> }>;
}

/** Watchers and bidders on the server's own event loop. */
const onTheServersEventLoop: Placement = {
  name: 'crowd on the server’s event loop',
  start: async () => ({
    open(setup) {
      const bidders = new Bidders(setup.bidders);
      const watchers = new Watchers(setup.watchers, (heard) => bidders.heardByAll(heard));
      return {
        connect: async () => {
          await watchers.connect();
          await bidders.connect();
        },
        warmUp: (ms) => bidders.warmUp(ms),
        paced: (bids) => bidders.paced(bids),
        storm: (ms) => bidders.storm(ms),
        close: async () => {
          await bidders.close();
          await watchers.close();
        },
      };
    },
    stop: async () => {},
  }),
};

/** `crowd` names one crowd among those a thread holds at once. */
type ThreadRequest = { id: number; crowd: number } & (
  | { method: 'watch'; setup: WatchersSetup; port: MessagePort }
  | { method: 'bid'; setup: BiddersSetup; port: MessagePort }
  | { method: 'warmUp' | 'paced' | 'storm'; amount: number }
  | { method: 'close' }
);
type ThreadReply = { id: number; result?: unknown; error?: string };

/** What a worker thread running this file is for: one side of some crowds, or a marketplace node. */
type ThreadRole = { crowdThread: true } | { nodeEnv: Record<string, string> };

/** A worker thread that runs this file for `role`. */
function workerRunningThisFile(role: ThreadRole): Worker {
  // A worker does not inherit tsx's loader from `--import tsx`: it registers it before loading this file.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: role });
}

/** A worker thread holding one side (watchers or bidders) of some crowds, driven by messages. */
function startThread() {
  const worker = workerRunningThisFile({ crowdThread: true });
  const waiting = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  worker.on('message', ({ id, result, error }: ThreadReply) => {
    const call = waiting.get(id)!;
    waiting.delete(id);
    if (error === undefined) call.resolve(result as never);
    else call.reject(new Error(error));
  });
  worker.on('error', (error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  return {
    call<T>(request: ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never, transfer: MessagePort[] = []): Promise<T> {
      lastId += 1;
      const id = lastId;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ ...request, id }, transfer);
      });
    },
    stop: async () => void (await worker.terminate()),
  };
}

/**
 * Watchers in one worker thread, bidders in another: neither shares the server's event loop, and a
 * bid's acknowledgement is not queued behind a thousand broadcasts to decode. The watchers' thread
 * tells the bidders' thread directly (a MessageChannel) when the last watcher heard of a bid.
 */
const inWorkerThreads: Placement = {
  name: 'crowd in worker threads',
  async start() {
    const watcherThread = startThread();
    const bidderThread = startThread();
    let crowds = 0;
    return {
      open(setup) {
        crowds += 1;
        const crowd = crowds;
        return {
          connect: async () => {
            const { port1, port2 } = new MessageChannel();
            await watcherThread.call({ crowd, method: 'watch', setup: setup.watchers, port: port1 }, [port1]);
            await bidderThread.call({ crowd, method: 'bid', setup: setup.bidders, port: port2 }, [port2]);
          },
          warmUp: (ms) => bidderThread.call({ crowd, method: 'warmUp', amount: ms }),
          paced: (bids) => bidderThread.call({ crowd, method: 'paced', amount: bids }),
          storm: (ms) => bidderThread.call({ crowd, method: 'storm', amount: ms }),
          close: async () => {
            await bidderThread.call({ crowd, method: 'close' });
            await watcherThread.call({ crowd, method: 'close' });
          },
        };
      },
      stop: async () => {
        await Promise.all([watcherThread.stop(), bidderThread.stop()]);
      },
    };
  },
};

function serveCrowdsInThisThread(): void {
  const crowds = new Map<number, { side: Watchers | Bidders; reports: MessagePort }>();
  const handle = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.method) {
      case 'watch': {
        const reports = request.port;
        const watchers = new Watchers(request.setup, (heard) => reports.postMessage(heard));
        crowds.set(request.crowd, { side: watchers, reports });
        return watchers.connect();
      }
      case 'bid': {
        const bidders = new Bidders(request.setup);
        request.port.on('message', (heard: HeardByAll) => bidders.heardByAll(heard));
        crowds.set(request.crowd, { side: bidders, reports: request.port });
        return bidders.connect();
      }
      case 'warmUp':
        return (crowds.get(request.crowd)!.side as Bidders).warmUp(request.amount);
      case 'paced':
        return (crowds.get(request.crowd)!.side as Bidders).paced(request.amount);
      case 'storm':
        return (crowds.get(request.crowd)!.side as Bidders).storm(request.amount);
      case 'close': {
        const { side, reports } = crowds.get(request.crowd)!;
        crowds.delete(request.crowd);
        await side.close();
        reports.close();
        return undefined;
      }
    }
  };
  parentPort!.on('message', (request: ThreadRequest) => {
    handle(request).then(
      (result) => parentPort!.postMessage({ id: request.id, result } satisfies ThreadReply),
      (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ThreadReply),
    );
  });
}

// ── A second marketplace node, in a worker thread ────────────────────────────────────────────

/**
 * A marketplace node on the database `env` names, in a worker thread: its own event loop, as on a
 * second machine, though on the same cores. Answers its URL once it listens; any message closes it.
 */
async function startNodeInThread(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const worker = workerRunningThisFile({ nodeEnv: env });
  // `once` rejects on the worker's error and drops its listeners either way: from here on a failing
  // node ends the run with its error, rather than leaving the watchers to time out. A node that exits
  // without an error (a process.exit in it) would otherwise leave the run waiting for ever.
  const starting = new AbortController();
  const abortStart = (code: number) => starting.abort(new Error(`the second node exited with code ${code} before it listened`));
  worker.once('exit', abortStart);
  const [url] = (await once(worker, 'message', { signal: starting.signal }).finally(() => worker.off('exit', abortStart))) as [string];
  return {
    url,
    stop: async () => {
      const closed = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

async function serveNodeInThisThread(env: Record<string, string>): Promise<void> {
  const node = await buildTestApp({ env });
  parentPort!.postMessage(await node.app.listen({ host: '127.0.0.1', port: 0 }));
  parentPort!.once('message', () => {
    void node.close().then(() => parentPort!.postMessage('closed'));
  });
}

// ── The bare broadcast: plain socket.io, the same payload, no engine ─────────────────────────

interface BareServer {
  url: string;
  /** The payload the bare server broadcasts, one bid at a time: a real `auction:changed` of the marketplace. */
  usePayload: (payload: AuctionChange) => void;
  close: () => Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Takes every bid as the marketplace's HTTP route would be asked it, and broadcasts it to the auction's room. */
async function startBareServer(): Promise<BareServer> {
  let payload: AuctionChange | undefined;
  let seq = 0;
  const http = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const { amount } = JSON.parse(body) as PlaceBidInput;
      // Numbered like the marketplace's changes, since the watchers follow them by `seq`.
      seq += 1;
      const bid = { ...payload!.bids[0]!, amount, seq };
      const change: AuctionChange = { ...payload!, fromSeq: seq - 1, auction: { ...payload!.auction, seq, highestBid: bid }, bids: [bid] };
      io.to(adRoom(payload!.auction.adId)).emit(SOCKET_EVENTS.AUCTION_CHANGED, change);
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(change));
    });
  });
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.AD_WATCH, (adId, ack) => {
      void socket.join(adRoom(adId));
      ack({ ok: true, result: null });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    usePayload: (next) => {
      payload = next;
      seq = next.auction.seq;
    },
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────

interface Target {
  name: string;
  env: Record<string, string>;
  /** Where the crowd runs against this database. */
  placements: Placement[];
  /**
   * The watchers on a second marketplace node on the same database, the bidders on the first: each
   * change reaches the watchers through socket.io's PostgreSQL adapter (DESIGN.md section 6). The second node
   * runs in a worker thread (startNodeInThread).
   */
  watchersOnAnotherNode?: boolean;
  cleanUp: () => Promise<void>;
}

// The crowd on the server's event loop is measured once, on SQLite, as a comparison: it doubles the run.
const sqliteTarget = async (): Promise<Target> => ({ name: 'SQLite', env: {}, placements: [inWorkerThreads, onTheServersEventLoop], cleanUp: async () => {} });

async function postgresTarget(adminUrl: string, watchersOnAnotherNode = false): Promise<Target> {
  const database = await createPostgresDatabase(adminUrl, 'bench');
  const name = watchersOnAnotherNode ? 'PostgreSQL, two nodes (bidders on one, watchers on the other)' : 'PostgreSQL';
  return { name, env: { DATABASE_URL: database.url }, placements: [inWorkerThreads], watchersOnAnotherNode, cleanUp: database.drop };
}

interface Measured {
  paced: PacedFigures;
  storm: StormFigures;
  /** How busy this thread's event loop (the marketplace, or its first node, and the bare server) was during the storms: the share of the time it was not waiting for I/O. */
  stormLoopUtilization: number;
}

interface Run {
  database: string;
  placement: string;
  watchers: number;
  engine: Measured;
  bare: Measured;
  /** The last watcher's p50 of each paced turn, the marketplace's over the bare server's in the turn next to it: how far the machine moves the ratio within one run. */
  pacedTurnRatios: number[];
  payloadBytes: number;
}

function mergeRefusals(refusals: Array<Record<string, number>>): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const refused of refusals) for (const [code, count] of Object.entries(refused)) merged[code] = (merged[code] ?? 0) + count;
  return merged;
}

function mergeStorms(storms: StormFigures[]): StormFigures {
  const sum = (figure: (storm: StormFigures) => number) => storms.reduce((total, storm) => total + figure(storm), 0);
  return {
    accepted: sum((storm) => storm.accepted),
    refused: mergeRefusals(storms.map((storm) => storm.refused)),
    seconds: sum((storm) => storm.seconds),
    ackMs: storms.flatMap((storm) => storm.ackMs),
    lastWatcherMs: storms.flatMap((storm) => storm.lastWatcherMs),
    drainMs: Math.max(...storms.map((storm) => storm.drainMs)),
    undelivered: sum((storm) => storm.undelivered),
  };
}

/**
 * The marketplace's crowd and the bare server's crowd, connected at once and measured in turns, so
 * that whatever else the machine is doing meanwhile weighs on both alike.
 */
async function measureInTurns(engineCrowd: Crowd, bareCrowd: Crowd): Promise<Pick<Run, 'engine' | 'bare' | 'pacedTurnRatios'>> {
  const crowds = [engineCrowd, bareCrowd] as const;
  const sides = [0, 1] as const;
  for (const crowd of crowds) await crowd.connect();
  for (let slice = 0; slice < WARM_UP_SLICES; slice++) for (const crowd of crowds) await crowd.warmUp(WARM_UP_SLICE_MS);
  const paced: [PacedFigures[], PacedFigures[]] = [[], []];
  for (let turn = 0; turn < PACED_TURNS; turn++) for (const side of sides) paced[side].push(await crowds[side].paced(PACED_BIDS / PACED_TURNS));
  const storms: [StormFigures[], StormFigures[]] = [[], []];
  const stormLoops = [{ active: 0, idle: 0 }, { active: 0, idle: 0 }];
  for (let turn = 0; turn < STORM_TURNS; turn++) {
    for (const side of sides) {
      const before = performance.eventLoopUtilization();
      storms[side].push(await crowds[side].storm(STORM_MS / STORM_TURNS));
      const { active, idle } = performance.eventLoopUtilization(before);
      stormLoops[side]!.active += active;
      stormLoops[side]!.idle += idle;
    }
  }
  for (const crowd of crowds) await crowd.close();
  const measured = (side: (typeof sides)[number]): Measured => ({
    paced: {
      ackMs: paced[side].flatMap((figures) => figures.ackMs),
      lastWatcherMs: paced[side].flatMap((figures) => figures.lastWatcherMs),
      refused: mergeRefusals(paced[side].map((figures) => figures.refused)),
    },
    storm: mergeStorms(storms[side]),
    stormLoopUtilization: stormLoops[side]!.active / (stormLoops[side]!.active + stormLoops[side]!.idle),
  });
  const lastWatcherP50 = (figures: PacedFigures) => percentile(figures.lastWatcherMs, 0.5);
  const pacedTurnRatios = paced[0].map((engineTurn, turn) => lastWatcherP50(engineTurn) / lastWatcherP50(paced[1][turn]!));
  return { engine: measured(0), bare: measured(1), pacedTurnRatios };
}

async function benchmark(target: Target, runs: Run[]): Promise<void> {
  const testApp = await buildTestApp({ env: target.env });
  // Started once the first has migrated the database.
  const otherNode = target.watchersOnAnotherNode ? await startNodeInThread(target.env) : undefined;
  const bare = await startBareServer();
  try {
    const { app } = testApp;
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const watchersUrl = otherNode?.url ?? appUrl;
    const owner = await newPerson(app, 'Owner');
    const bidders: Person[] = [];
    for (let index = 0; index < BIDDERS; index++) bidders.push(await newPerson(app, `Bidder${index + 1}`));
    for (const placement of target.placements) {
      const crowds = await placement.start();
      try {
        for (const watchers of WATCHER_COUNTS) {
          const started = performance.now();
          // A long auction without a reserve: nothing but bids changes it while the bench runs.
          const ad = await newAuction(app, owner, { on_back_price: null, ends_at: app.now() + DAY_MS, auction_duration_ms: DAY_MS });
          const opening = await app.auctions.placeBid({ ad: { id: ad.id }, userId: bidders[0]!.id, amount: 10_000 + AMOUNT_STEP, idempotencyKey: randomUUID(), receivedAt: app.now() });
          bare.usePayload(opening.result);
          const cookies = bidders.map((bidder) => bidder.cookie);
          const firstAmount = opening.result.bids[0]!.amount + AMOUNT_STEP;
          const crowdOf = (url: string, watchersUrl = url) => crowds.open({ watchers: { url: watchersUrl, adId: ad.id, watchers }, bidders: { url, slug: ad.slug, cookies, firstAmount } });
          const measured = await measureInTurns(crowdOf(appUrl, watchersUrl), crowdOf(bare.url));
          runs.push({ database: target.name, placement: placement.name, watchers, ...measured, payloadBytes: Buffer.byteLength(JSON.stringify(opening.result)) });
          console.log(`  ${target.name}, ${placement.name}, ${watchers.toLocaleString('en')} watchers: ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
      } finally {
        await crowds.stop();
      }
    }
  } finally {
    await bare.close();
    await otherNode?.stop();
    await testApp.close();
  }
}

interface Line {
  metric: string;
  watchers: number;
  engine: number;
  bare: number;
  /** Decimal places of the figures. */
  digits: number;
  target?: { text: string; met: boolean };
}

function linesOf(run: Run): Line[] {
  const { engine, bare, watchers } = run;
  const p = (values: number[], fraction: number) => percentile(values, fraction);
  const ratioTarget = (engineMs: number, bareMs: number) => ({ text: `≤ ${TARGETS.watcherLatencyRatio}× bare`, met: engineMs <= TARGETS.watcherLatencyRatio * bareMs });
  const rate = (storm: StormFigures) => storm.accepted / storm.seconds;
  const engineAckP99 = p(engine.paced.ackMs, 0.99);
  const engineLastP50 = p(engine.paced.lastWatcherMs, 0.5);
  const engineLastP99 = p(engine.paced.lastWatcherMs, 0.99);
  const bareLastP50 = p(bare.paced.lastWatcherMs, 0.5);
  const bareLastP99 = p(bare.paced.lastWatcherMs, 0.99);
  return [
    { metric: 'bid ack p50 (ms), paced', watchers, engine: p(engine.paced.ackMs, 0.5), bare: p(bare.paced.ackMs, 0.5), digits: 2 },
    {
      metric: 'bid ack p99 (ms), paced',
      watchers,
      engine: engineAckP99,
      bare: p(bare.paced.ackMs, 0.99),
      digits: 2,
      target: watchers === TARGETS.ackP99Watchers ? { text: `< ${TARGETS.ackP99Ms} ms`, met: engineAckP99 < TARGETS.ackP99Ms } : undefined,
    },
    { metric: 'last watcher p50 (ms), paced', watchers, engine: engineLastP50, bare: bareLastP50, digits: 2, target: ratioTarget(engineLastP50, bareLastP50) },
    { metric: 'last watcher p99 (ms), paced', watchers, engine: engineLastP99, bare: bareLastP99, digits: 2, target: ratioTarget(engineLastP99, bareLastP99) },
    {
      metric: 'accepted bids/s (bare: acks/s), storm',
      watchers,
      engine: rate(engine.storm),
      bare: rate(bare.storm),
      digits: 0,
      target: { text: `≥ ${TARGETS.acceptedBidsPerSecond.toLocaleString('en')}/s`, met: rate(engine.storm) >= TARGETS.acceptedBidsPerSecond },
    },
    { metric: 'bid ack p99 (ms), storm', watchers, engine: p(engine.storm.ackMs, 0.99), bare: p(bare.storm.ackMs, 0.99), digits: 1 },
    { metric: 'last watcher p99 (ms), storm', watchers, engine: p(engine.storm.lastWatcherMs, 0.99), bare: p(bare.storm.lastWatcherMs, 0.99), digits: 1 },
  ];
}

function printTable(title: string, lines: Line[]): void {
  const header = ['metric', 'watchers', 'engine', 'bare', 'ratio', 'target', 'verdict'];
  const cells = lines.map((line) => [
    line.metric,
    line.watchers.toLocaleString('en'),
    line.engine.toLocaleString('en', { minimumFractionDigits: line.digits, maximumFractionDigits: line.digits }),
    line.bare.toLocaleString('en', { minimumFractionDigits: line.digits, maximumFractionDigits: line.digits }),
    `${(line.engine / line.bare).toFixed(2)}×`,
    line.target?.text ?? '',
    line.target ? (line.target.met ? 'met' : 'not met') : '',
  ]);
  const widths = header.map((name, column) => Math.max(name.length, ...cells.map((row) => row[column]!.length)));
  const leftAligned = new Set([0, 5, 6]);
  const row = (values: string[]) => `| ${values.map((value, column) => (leftAligned.has(column) ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(row(header));
  console.log(`|${widths.map((width, column) => (leftAligned.has(column) ? `-${'-'.repeat(width)}-` : `-${'-'.repeat(width)}:`)).join('|')}|`);
  for (const values of cells) console.log(row(values));
}

function describeRefusals(refused: Record<string, number>): string {
  const entries = Object.entries(refused);
  return entries.length === 0 ? 'none' : entries.map(([code, count]) => `${count} ${code}`).join(', ');
}

function printNotes(runs: Run[]): void {
  console.log('\nThe storms:');
  for (const run of runs) {
    for (const [side, figures] of [['engine', run.engine], ['bare', run.bare]] as const) {
      const { storm } = figures;
      const decided = Object.entries(storm.refused).reduce((sum, [code, count]) => (code === 'ACK_TIMEOUT' ? sum : sum + count), storm.accepted);
      console.log(
        `  ${run.database}, ${run.placement}, ${run.watchers.toLocaleString('en')} watchers, ${side}: ${storm.accepted} accepted in ${storm.seconds.toFixed(2)} s, refused ${describeRefusals(storm.refused)} (${Math.round(decided / storm.seconds)} answered a second); ` +
          `this thread’s event loop (its servers, not a second node) was busy ${(figures.stormLoopUtilization * 100).toFixed(0)}% of the storm; ` +
          `the last watcher caught up ${storm.drainMs.toFixed(0)} ms after the last ack${storm.undelivered > 0 ? `, ${storm.undelivered} bids never reached every watcher` : ''}.`,
      );
    }
  }
  console.log('\nThe paced turns, the last watcher’s p50 of each turn over the bare server’s in the turn beside it:');
  for (const run of runs) {
    const ratios = run.pacedTurnRatios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ');
    console.log(`  ${run.database}, ${run.placement}, ${run.watchers.toLocaleString('en')} watchers: p50 over the turns ${percentile(run.pacedTurnRatios, 0.5).toFixed(2)}× (${ratios}).`);
  }
  const pacedRefusals = runs.flatMap((run) => [run.engine.paced.refused, run.bare.paced.refused]).filter((refused) => Object.keys(refused).length > 0);
  if (pacedRefusals.length > 0) console.log(`Paced bids refused: ${pacedRefusals.map(describeRefusals).join('; ')}.`);
}

async function main(): Promise<void> {
  console.log(`Auction benchmark: one public auction, bids over HTTP as the client places them (POST /api/ads/:slug/bids), broadcast to its room as auction:changed.`);
  console.log(`${describeMachine()}, load average ${os.loadavg()[0]!.toFixed(2)} at the start.`);
  console.log(
    `${BIDDERS} signed-in bidders, each on a kept-alive HTTP connection with its session cookie and anti-forgery token; watchers as visitors (websocket transport). Paced: warm-up bids for ${(WARM_UP_SLICES * WARM_UP_SLICE_MS) / 1000} s a side, in ${WARM_UP_SLICES} turns, then ${PACED_BIDS} measured, one at a time, each waiting for its ack and its last watcher. ` +
      `Storm: one bidder keeps ${STORM_IN_FLIGHT} bids in flight over ${STORM_CONNECTIONS} connections for ${STORM_MS / 1000} s, each amount one riyal above the one emitted before: more than the engine takes, so the storm measures what it can take. ` +
      'The marketplace decides the bids that wait together in one transaction and tells its watchers of them in one change, at most 20 a second while bids come faster.',
  );
  console.log(
    'The marketplace (buildTestApp), the bare socket.io server and the crowd all run in this one process on this machine, so the crowd’s decoding of every broadcast competes with the servers for the same cores. ' +
      'The crowd runs in two worker threads (watchers in one, bidders in the other: their own event loops), and on SQLite once more on the servers’ event loop. ' +
      'With PostgreSQL, once more with two marketplace nodes on one database, the second in a worker thread of its own (its own event loop, the same cores): bids on the first, watchers on the second, each change sent between them by socket.io’s PostgreSQL adapter. ' +
      'The marketplace and the bare server take turns. Latencies run from the request to its answer (the ack), and from the request until the last watcher has the bid.\n',
  );
  const runs: Run[] = [];
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const targets: Array<() => Promise<Target>> = [sqliteTarget, ...(postgresUrl ? [() => postgresTarget(postgresUrl), () => postgresTarget(postgresUrl, true)] : [])];
  for (const createTarget of targets) {
    const target = await createTarget();
    try {
      await benchmark(target, runs);
    } finally {
      await target.cleanUp();
    }
  }
  if (runs.length > 0) console.log(`\nThe payload: ${runs[0]!.payloadBytes} bytes of JSON per auction:changed.`);
  if (!postgresUrl) console.log('PostgreSQL: not run (optional). Set BENCH_DATABASE_URL=postgres://user@host:port/postgres to include it.');
  printNotes(runs);
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const key = `${run.database}, ${run.placement}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  for (const [title, group] of groups) {
    const linesByRun = group.map(linesOf);
    printTable(title, linesByRun[0]!.flatMap((_, metric) => linesByRun.map((lines) => lines[metric]!)));
  }
  console.log(`\nLoad average ${os.loadavg()[0]!.toFixed(2)} at the end. Ack p99 and watcher latency targets are checked on the paced bids, accepted bids/s on the storm.`);
  console.log('Targets (issue 5) are information: this benchmark never fails on them.');
}

const role = isMainThread ? null : (workerData as ThreadRole);
if (role && 'crowdThread' in role) serveCrowdsInThisThread();
else if (role && 'nodeEnv' in role) await serveNodeInThisThread(role.nodeEnv);
else await main();
