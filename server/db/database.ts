import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type DatabaseConnection, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { LruMap } from '../lru-map';
import type { Database } from './schema';

const PG_INT8_OID = 20;
// Timestamps in ms and money in minor units stay far below 2^53, so int8 is safe as a JS number.
pg.types.setTypeParser(PG_INT8_OID, (value) => Number(value));

/** SQLite's page cache, in KiB (see createDatabase): SQLite's own default, which better-sqlite3 raises to 16 MB. */
const PAGE_CACHE_KIB = 2_000;
/** How much of a SQLite database file is read through a memory map (see createDatabase). */
const MAPPED_DATABASE_BYTES = 1024 * 1024 * 1024;

/**
 * `onConnectionLost` hears of a pooled PostgreSQL connection that broke while idle (a database
 * restart, a failover); without a listener that error would end the whole process.
 */
export function createDatabase(settings: ServerConfig['database'], onConnectionLost: (error: Error) => void = () => {}): Kysely<Database> {
  if (settings.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: settings.connectionString, max: 10 });
    pool.on('error', onConnectionLost);
    pool.on('connect', preparingNamedStatements);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(settings.file), { recursive: true });
  const sqlite = new SQLite(settings.file);
  // WAL lets readers go on while one writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // In WAL mode NORMAL syncs at checkpoints rather than at every commit: a committed transaction
  // survives the process being killed (the SIGKILL test proves it for bids), only a power cut can take
  // the last ones. FULL made each bid's commit wait for the disk (0.23 ms against 0.014 ms).
  sqlite.pragma('synchronous = NORMAL');
  // Reads come from the file mapped into memory, as fast as from SQLite's own page cache, which is kept
  // small: a commit that split a B-tree page walks the whole cache's hash table (balance_nonroot
  // renumbers pages through the locking page's number, which leaves the cache's largest key far past
  // the database's end). With a 64 MB cache that walk grew with the database: in the bid engine
  // benchmark a bid's p90 went from 0.36 ms at 2,000 stored bids to 0.68 ms at 100,000; with 2 MB it
  // stays near 0.33 ms. Pages still in the write-ahead log are read into the cache, and pages past the
  // mapping (SQLite caps it near 2 GB) are read from the file as without it. The price of the map: an
  // I/O error reading the file, or the file cut short under the server (a backup restored over it),
  // ends the process (SIGBUS) instead of failing one query; and the mapped pages count in the
  // process's resident memory, though the system reclaims them as it would its file cache.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  sqlite.pragma(`mmap_size = ${MAPPED_DATABASE_BYTES}`);
  // Planner statistics, gathered cheaply on open (and hourly by housekeeping): without them SQLite
  // scans every published ad for a search's count instead of starting from the matches.
  sqlite.pragma('optimize = 0x10002');
  const kept = keepingStatements(sqlite);
  const lock = new ConnectionLock();
  const db = new Kysely<Database>({ dialect: new LockedSqliteDialect({ database: kept }, lock) });
  // Its driver is never destroyed (that would close the connection under `db`), nor used but inside `withHeldSqliteConnection`.
  const held = new Kysely<Database>({ dialect: new SqliteDialect({ database: kept }) });
  sqliteConnections.set(db, { sqlite, held, lock });
  return db;
}

/**
 * Who holds SQLite's one connection: Kysely, for a query or a transaction of `db`, or
 * `withHeldSqliteConnection`, which takes it there and then when it is free. Held through Kysely's
 * executor, a run of bids waited for a chain of promises even when nothing held the connection: a
 * paced bid took 186 µs in the bid engine benchmark that way, against 172 µs with this lock (medians
 * of six alternating runs).
 */
class ConnectionLock {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  /** Takes the connection there and then if it is free and no one waits for it (undefined); else the wait for its turn. */
  take(): Promise<void> | undefined {
    if (!this.held && this.waiting.length === 0) {
      this.held = true;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the connection to the first waiting, in the order they asked. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** Kysely's SQLite driver, taking the connection through `lock` so that `withHeldSqliteConnection` shares it. */
class LockedSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly lock: ConnectionLock,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.take();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.lock.give();
  }
}

class LockedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly lock: ConnectionLock,
  ) {
    super(config);
  }

  override createDriver(): SqliteDriver {
    return new LockedSqliteDriver(this.config, this.lock);
  }
}

/**
 * The most SQL texts prepared once per PostgreSQL connection (`prepareOnPostgres`): each connection
 * keeps every statement it prepared, with its plan, for as long as it lives.
 */
const MOST_PREPARED_STATEMENTS = 500;
/** Statements with more values than this (a run of a few dozen bids) are parsed each time: they are many shapes, and rare. */
const MOST_PREPARED_PARAMETERS = 100;
const preparedStatementNames = new Map<string, string>();

/**
 * Asks for `sql` to be prepared once on each PostgreSQL connection that runs it, and only bound and
 * executed after that. Parsing and planning was most of each of a bid's statements there: with the
 * reads and the writes each run as one statement (`readTogether`, `writeTogether`), a bid took 2.6 ms,
 * and 1.75 ms once its statements were prepared. For the queries run on every bid (compiledQuery),
 * whose SQL texts are few; other SQL is parsed and planned each time, as texts built on demand are too
 * many to keep on every connection. Migrations run before the server takes any request: one that
 * changed a table under a prepared statement would have PostgreSQL refuse it on connections that
 * prepared it ("cached plan must not change result type"). A pooler that hands one session's
 * statements to another connection (PgBouncer in transaction mode) would need its own statement support.
 */
export function prepareOnPostgres(sql: string, parameterCount: number): void {
  if (preparedStatementNames.has(sql) || preparedStatementNames.size >= MOST_PREPARED_STATEMENTS || parameterCount > MOST_PREPARED_PARAMETERS) return;
  preparedStatementNames.set(sql, `prepared_${preparedStatementNames.size}`);
}

/** A new connection of the pool sends each SQL text named by `prepareOnPostgres` as its named statement. */
function preparingNamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) ? preparedStatementNames.get(text) : undefined;
    return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
  }) as typeof client.query;
}

/**
 * The one better-sqlite3 connection behind each SQLite database made here, and a second Kysely on that
 * connection for the work done while the database's own holds it.
 */
const sqliteConnections = new WeakMap<Kysely<Database>, { sqlite: SQLite.Database; held: Kysely<Database>; lock: ConnectionLock }>();
/** The Kysely instances that hold their database's one SQLite connection just now (`withHeldSqliteConnection`). */
const heldConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * Runs `work` holding the one connection of a SQLite database made by `createDatabase`: no other query
 * of the app runs on it meanwhile (they wait for `ConnectionLock`), and when the connection is free
 * `work` starts before this returns. `work` is given the connection as Kysely and as
 * better-sqlite3, on which statements run straight away, synchronously; `compiledQuery` runs its
 * queries there for the Kysely given here. Kysely's executor (a connection, plugins, a chain of
 * promises for every statement) cost a run of bids about 20 µs of its 350 on the event loop in the
 * auction benchmark, where the engine's whole time is in the watchers' latency.
 */
export async function withHeldSqliteConnection<T>(db: Kysely<Database>, work: (connection: Kysely<Database>, sqlite: SQLite.Database) => Promise<T>): Promise<T> {
  const connections = sqliteConnections.get(db);
  if (!connections) throw new Error('not a SQLite database made by createDatabase');
  const { sqlite, held, lock } = connections;
  const turn = lock.take();
  // Awaited only when there is a wait: an await of nothing would still put the work after a promise.
  if (turn) await turn;
  heldConnections.set(held, sqlite);
  try {
    return await work(held, sqlite);
  } finally {
    heldConnections.delete(held);
    lock.give();
  }
}

/** The better-sqlite3 connection `db` holds, when it is one given by `withHeldSqliteConnection`: a statement may run on it straight away. */
export function heldSqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return heldConnections.get(db);
}

/** More distinct statements than the app has queries: only `IN` lists of every length add to them. */
const KEPT_STATEMENTS = 1_000;

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and compiling the SQL was the largest
 * cost of a bid (14% of the engine's time). The statements are kept by their SQL, the least recently
 * used dropped past KEPT_STATEMENTS. Kysely runs each with `all` or `run`; only its `.stream()`
 * (used nowhere here) would hold one open as an iterator and make it busy when asked for again.
 * SQLite recompiles a kept statement itself if a migration changes the schema under it.
 */
function keepingStatements(sqlite: SQLite.Database): SQLite.Database {
  // Least recently used first out: a storm's multi-row inserts of every length come and go without
  // pushing out the statements every request runs.
  const kept = new LruMap<string, SQLite.Statement>(KEPT_STATEMENTS);
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (!statement) {
      statement = prepare(source);
      kept.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}
