import { type Kysely, PostgresAdapter, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { LruMap } from '../lru-map';
import { type BoundQuery, compiledQuery, type Read, runCompiled } from './compiled-query';
import { heldSqliteConnectionOf, prepareOnPostgres, withHeldSqliteConnection } from './database';
import type { AdTable, Database } from './schema';

/**
 * Everything that differs between SQLite and PostgreSQL lives here, so repositories stay free of
 * dialect branches. Migrations write out their own: what they do never changes.
 */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Pick<Kysely<never>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * PostgreSQL text cannot hold U+0000 (a query that binds one fails), while SQLite stores it. Text
 * carrying one is refused before it reaches either, so both dialects answer it alike.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}

/**
 * `ads.id` is that of an ad whose search text has a word starting with each of `terms` (from
 * `searchTermsOf`; none means every ad). The terms travel as one bound parameter, each quoted in the
 * engine's query syntax, so nothing a visitor types is read as an operator, let alone as SQL.
 */
export function matchesSearchTerms(dialect: DialectName, searchTerms: readonly string[]): RawBuilder<SqlBool> {
  const terms = searchTerms.filter((term) => term !== '');
  if (terms.length === 0) return sql<SqlBool>`1 = 1`;
  if (dialect === 'postgres') {
    const query = terms.map((term) => `'${term.replace(/['\\]/g, '\\$&')}':*`).join(' & ');
    // Matched first, once, as an array: as an IN subquery the planner misjudges a prefix query's
    // selectivity and walks every published ad probing the search row of each (22 ms against 11 ms
    // at 10,000 ads in the listing benchmark's search).
    return sql<SqlBool>`${sql.ref('ads.id')} = ANY(ARRAY(SELECT ad_search.ad_id FROM ad_search WHERE ad_search.body_vector @@ to_tsquery('simple', ${query})))`;
  }
  const query = terms.map((term) => `"${term.replace(/"/g, '""')}"*`).join(' ');
  return sql<SqlBool>`${sql.ref('ads.id')} IN (SELECT ad_search.ad_id FROM ad_search_fts JOIN ad_search ON ad_search.id = ad_search_fts.rowid WHERE ad_search_fts MATCH ${query})`;
}

/**
 * The column a unique constraint refused a write on, from either driver's error; undefined for any
 * other error. Two requests racing for the same email meet here rather than in a failed request.
 */
export function uniqueViolationColumn(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, detail, message } = error as { code?: unknown; detail?: unknown; message?: unknown };
  if (code === '23505' && typeof detail === 'string') return /^Key \(([^)]+)\)=/.exec(detail)?.[1];
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') return /UNIQUE constraint failed: \w+\.(\w+)/.exec(message)?.[1];
  return undefined;
}

/** Whether a write was refused because a row it refers to is gone (both drivers' codes). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * A user's account and their bids take turns: the transaction deleting the account holds its row
 * (`lockUserForDeletion`), and the bid engine holds its bidders' rows against deletion
 * (`holdUsersAgainstDeletion`), each until it ends. Whichever comes second waits, and then sees the
 * other's outcome: the bid committed, or the account gone. PostgreSQL locks the rows; SQLite needs
 * nothing, its one connection runs each transaction alone. Other writes for a user (an instant
 * purchase's order, a join request) hold nothing: one coming after its own account's deletion fails on
 * the foreign key and rolls back whole.
 */
export async function lockUserForDeletion(trx: Kysely<Database>, userId: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

const holdUsersQuery = compiledQuery((db, userIds: readonly string[]) => db.selectFrom('users').select('id').where('id', 'in', userIds).forKeyShare());

export async function holdUsersAgainstDeletion(trx: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  if (dialectOf(trx) === 'postgres' && userIds.length > 0) await holdUsersQuery(trx, userIds);
}

// Every command on an ad, each bid's run above all, starts here: compiled once (compiledQuery).
const lockedAdByIdQuery = compiledQuery((db, id: string) => db.selectFrom('ads').selectAll().where('id', '=', id).forUpdate());
const adByIdQuery = compiledQuery((db, id: string) => db.selectFrom('ads').selectAll().where('id', '=', id));

/** Rows changed by this connection since it opened. */
const CHANGES_SQL = 'select total_changes() as changes';
/**
 * SQLite's count of commits by other connections. A statement of its own: read through the
 * `pragma_data_version` table in one query with the changes, SQLite prepared the pragma again on
 * every read, and two marks a bid cost 15 µs more of its 180 in the bid engine benchmark.
 */
const DATA_VERSION_SQL = 'pragma data_version';

/**
 * On SQLite's held connection (`withHeldSqliteConnection`), a mark of the database's content: while the
 * mark stays the same, no row has changed, by this connection (it counts every row it inserts, updates
 * or deletes, rolled back or not) or by another (SQLite's data version; the checkpointer's passive
 * checkpoints change no row and leave it be). What was read or written under a mark is still what the
 * database holds when the mark comes back. Null on PostgreSQL, where other nodes change rows unseen.
 */
export function contentMarkOf(db: Kysely<Database>): string | null {
  const sqlite = heldSqliteConnectionOf(db);
  if (!sqlite) return null;
  const { changes } = sqlite.prepare(CHANGES_SQL).get() as { changes: number };
  const { data_version: version } = sqlite.prepare(DATA_VERSION_SQL).get() as { data_version: number };
  return `${changes} ${version}`;
}

/**
 * Runs `work` in a transaction holding the write lock on one ad, found by its id or slug (undefined
 * when there is none), so commands on that ad (bids above all) apply one after another
 * (DESIGN.md section 2). SQLite: BEGIN IMMEDIATE takes the database's write lock before the first
 * read, so no other writer can slip between this read and its writes. PostgreSQL: SELECT … FOR UPDATE
 * locks the ad's row only, so commands on other ads go on in parallel. On SQLite, `knownRow`, asked
 * once the lock is held, may give the row as the caller knows it still stands (`contentMarkOf`), and
 * it is not read again.
 */
export async function withLockedAd<T>(
  db: Kysely<Database>,
  ad: { id: string } | { slug: string },
  work: (trx: Kysely<Database>, row: Selectable<AdTable> | undefined) => Promise<T>,
  knownRow: (trx: Kysely<Database>) => Selectable<AdTable> | undefined = () => undefined,
): Promise<T> {
  // PostgreSQL locks the row as it reads it; on SQLite, BEGIN IMMEDIATE has locked the database already.
  const locksTheRow = dialectOf(db) === 'postgres';
  const find = async (trx: Kysely<Database>) => {
    // Never on PostgreSQL, whose read is what locks the row.
    const known = locksTheRow ? undefined : knownRow(trx);
    if (known) return known;
    if ('id' in ad) return (await (locksTheRow ? lockedAdByIdQuery : adByIdQuery)(trx, ad.id))[0];
    const bySlug = trx.selectFrom('ads').selectAll().where('slug', '=', ad.slug);
    return (locksTheRow ? bySlug.forUpdate() : bySlug).executeTakeFirst();
  };
  if (locksTheRow) return db.transaction().execute(async (trx) => work(trx, await find(trx)));
  return withHeldSqliteConnection(db, async (connection, sqlite) => {
    sqlite.prepare('BEGIN IMMEDIATE').run();
    try {
      const result = await work(connection, await find(connection));
      sqlite.prepare('COMMIT').run();
      return result;
    } catch (error) {
      // SQLite has rolled back already after some errors (a full disk); a second rollback would hide the first error.
      if (sqlite.inTransaction) sqlite.prepare('ROLLBACK').run();
      throw error;
    }
  });
}

/** How several queries make one statement of PostgreSQL, given their SQL. */
const COMBINED_STATEMENTS = {
  /** Each read's rows as a JSON array, in a column named by its index. */
  readingEach: (sqls: string[]) => `select ${sqls.map((sql, index) => `(select coalesce(json_agg("found"), '[]') from (${sql}) as "found") as "${index}"`).join(', ')}`,
  /** Each write but the last a data-modifying WITH query. */
  writingEach: (sqls: string[]) => `with ${sqls.slice(0, -1).map((sql, index) => `"write${index}" as (${sql})`).join(', ')} ${sqls.at(-1)}`,
};

/** Statements made of several queries, kept by the SQL of their parts: a run of bids has a few shapes. */
const MOST_COMBINED_KEPT = 200;
const combinedStatements = new LruMap<string, string>(MOST_COMBINED_KEPT);

/**
 * One statement of PostgreSQL made of `parts`, each part's parameters (`$1`, `$2`…) numbered after
 * those of the parts before it; quoted names and strings are left alone.
 */
function combined(shape: keyof typeof COMBINED_STATEMENTS, parts: ReadonlyArray<{ sql: string; parameters: unknown[] }>): { sql: string; parameters: unknown[] } {
  const key = `${shape}\u0000${parts.map((part) => part.sql).join('\u0000')}`;
  let sql = combinedStatements.get(key);
  if (!sql) {
    let offset = 0;
    const renumbered = parts.map((part) => {
      const shift = offset;
      offset += part.parameters.length;
      return part.sql.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g, (match, index: string | undefined) => (index === undefined ? match : `$${Number(index) + shift}`));
    });
    sql = COMBINED_STATEMENTS[shape](renumbered);
    combinedStatements.set(key, sql);
    prepareOnPostgres(sql, offset);
  }
  return { sql, parameters: parts.flatMap((part) => part.parameters) };
}

type ResultsOf<Reads extends ReadonlyArray<Read<unknown, unknown>>> = { -readonly [K in keyof Reads]: Reads[K] extends Read<unknown, infer Result> ? Result : never };

/**
 * Reads that need nothing from one another's results. On PostgreSQL they go as one statement that
 * selects each read's rows as a JSON array: one round trip instead of one each, and a bid's
 * transaction was a dozen round trips, most of its time there. Through JSON, text, integers and nulls
 * come back as they would by themselves (bigints as numbers, as the pool parses them); a `numeric`
 * column would come back as a number instead of pg's exact string, so none is read this way. On SQLite
 * each runs by itself: there is no round trip to save, and the JSON would cost more than the few
 * microseconds a statement takes.
 */
export async function readTogether<const Reads extends ReadonlyArray<Read<unknown, unknown>>>(db: Kysely<Database>, reads: Reads): Promise<ResultsOf<Reads>> {
  const queried = reads.flatMap((read) => (read.query ? [read.query] : []));
  let rowsOfEach: unknown[][];
  if (dialectOf(db) === 'postgres' && queried.length > 1) {
    const [found] = await runCompiled<Record<string, unknown[]>>(db, combined('readingEach', queried.map((query) => query.compileFor(db))));
    rowsOfEach = queried.map((_query, index) => found![index]!);
  } else if (heldSqliteConnectionOf(db)) {
    // On SQLite's held connection each runs there and then, in order, and gives its rows at once.
    rowsOfEach = queried.map((query) => runCompiled(db, query.compileFor(db)) as unknown[]);
  } else {
    rowsOfEach = await Promise.all(queried.map((query) => query.run(db)));
  }
  let next = 0;
  return reads.map((read) => read.resultOf(read.query ? rowsOfEach[next++]! : [])) as ResultsOf<Reads>;
}

/**
 * Writes to different tables, in this order. On PostgreSQL they go as one statement (each but the last
 * a data-modifying WITH query): one round trip instead of one each. They then all see the database as
 * it was before the statement, so none may depend on another's changes, nor change a row another
 * changes. On SQLite each runs by itself.
 */
export async function writeTogether(db: Kysely<Database>, writes: ReadonlyArray<BoundQuery<unknown>>): Promise<void> {
  if (dialectOf(db) === 'postgres' && writes.length > 1) {
    await runCompiled(db, combined('writingEach', writes.map((write) => write.compileFor(db))));
    return;
  }
  // On SQLite's held connection each runs there and then, without a promise to wait for.
  if (heldSqliteConnectionOf(db)) {
    for (const write of writes) runCompiled(db, write.compileFor(db));
    return;
  }
  for (const write of writes) await write.run(db);
}
