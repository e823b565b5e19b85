import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type SqliteDatabase, SqliteDialect } from 'kysely';
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

/** More SQL texts than the server writes, counting each row count of its multi-row inserts. */
const MOST_STATEMENTS_KEPT = 2_000;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each `prepare`: here each
 * text is compiled once and its statement used again, as the driver intends. Compiling cost a bid more
 * than running it, and a bid that takes longer leaves its watchers a frame each (the broadcaster merges
 * only what arrives while a frame is written), so a storm of bids went far slower.
 */
function keepingPreparedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LruMap<string, SQLite.Statement>(MOST_STATEMENTS_KEPT);
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = statements.get(text);
      if (kept) return kept;
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

/** How many SQL texts each connection keeps prepared; a text first seen past it is parsed each time, as without names. */
const MOST_NAMED_STATEMENTS = 500;
/**
 * A text with more values than this (a run of many bids, a long `IN` list) is one of many shapes, and
 * rare; one with none (a migration's DDL, BEGIN) runs once or costs nothing to parse: each is parsed each time.
 */
const MOST_NAMED_STATEMENT_VALUES = 100;

/**
 * Each SQL text is sent to PostgreSQL as a named statement (the driver's `{ name, text, values }`), so
 * each pooled connection parses and plans it once and then only binds and runs it; parsing and planning
 * was much of each of a bid's statements. A connection keeps its statements for as long as it lives,
 * hence the bounds. A migration that changes a table's columns under a kept `SELECT *` makes PostgreSQL
 * refuse it on the connections that prepared it: migrations run before the server takes requests,
 * and a node still running while another migrates must be restarted.
 */
function namingStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string, values: ReadonlyArray<unknown>) => {
    if (values.length === 0 || values.length > MOST_NAMED_STATEMENT_VALUES) return undefined;
    let name = names.get(text);
    if (!name && names.size < MOST_NAMED_STATEMENTS) {
      name = `statement_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      return {
        release: () => client.release(),
        query: ((textOrCursor: string | pg.Submittable, values: unknown[]) => {
          if (typeof textOrCursor !== 'string') return client.query(textOrCursor);
          const name = nameOf(textOrCursor, values);
          return name ? client.query({ name, text: textOrCursor, values }) : client.query(textOrCursor, values);
        }) as never,
      };
    },
  };
}

/**
 * `onConnectionLost` hears of a pooled PostgreSQL connection that broke while idle (a database
 * restart, a failover); without a listener that error would end the whole process.
 */
export function createDatabase(settings: ServerConfig['database'], onConnectionLost: (error: Error) => void = () => {}): Kysely<Database> {
  if (settings.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: settings.connectionString, max: 10 });
    pool.on('error', onConnectionLost);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) });
  }
  fs.mkdirSync(path.dirname(settings.file), { recursive: true });
  const sqlite = new SQLite(settings.file);
  // WAL lets readers go on while one writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // In WAL mode NORMAL syncs at checkpoints rather than at every commit: a committed transaction
  // survives the process being killed (the SIGKILL test proves it for bids), only a power cut can take
  // the last ones, and a bid's commit does not wait for the disk.
  sqlite.pragma('synchronous = NORMAL');
  // Reads come from the file mapped into memory, as fast as from SQLite's own page cache, which is kept
  // small: a commit that splits a B-tree page walks the whole cache's hash table, so with a large cache
  // every bid grew slower as the database grew. Pages still in the write-ahead log are read into the
  // cache, and pages past the mapping (SQLite caps it near 2 GB) are read from the file as without it.
  // The price of the map: an I/O error reading the file, or the file cut short under the server (a
  // backup restored over it), ends the process (SIGBUS) instead of failing one query; and the mapped
  // pages count in the process's resident memory, though the system reclaims them as its file cache.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  sqlite.pragma(`mmap_size = ${MAPPED_DATABASE_BYTES}`);
  // Planner statistics, gathered cheaply on open (and hourly by housekeeping): without them SQLite
  // scans every published ad for a search's count instead of starting from the matches.
  sqlite.pragma('optimize = 0x10002');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingPreparedStatements(sqlite) }) });
}
