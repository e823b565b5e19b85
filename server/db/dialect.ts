import { type Compilable, type Kysely, type OperationNodeSource, PostgresAdapter, type RawBuilder, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
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
 * (`holdingUsersAgainstDeletion`), each until it ends. Whichever comes second waits, and then sees the
 * other's outcome: the bid committed, or the account gone. PostgreSQL locks the rows; SQLite needs
 * nothing, its one connection runs each transaction alone. Other writes for a user (an instant
 * purchase's order, a join request) hold nothing: one coming after its own account's deletion fails on
 * the foreign key and rolls back whole.
 */
export async function lockUserForDeletion(trx: Kysely<Database>, userId: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** `query`, holding the `users` rows it reads against deletion until its transaction ends (see above). */
export function holdingUsersAgainstDeletion<TB extends keyof Database, O>(db: Kysely<Database>, query: SelectQueryBuilder<Database, TB | 'users', O>): SelectQueryBuilder<Database, TB | 'users', O> {
  return dialectOf(db) === 'postgres' ? query.forKeyShare('users') : query;
}

/**
 * Runs writes that do not read each other's rows in one round trip on PostgreSQL, each a
 * data-modifying WITH of one statement; SQLite, in process, runs them in turn.
 */
export async function writeTogether(db: Kysely<Database>, writes: ReadonlyArray<Compilable & OperationNodeSource>): Promise<void> {
  if (dialectOf(db) === 'sqlite' || writes.length < 2) {
    for (const write of writes) await db.executeQuery(write.compile());
    return;
  }
  const last = writes.at(-1)!;
  const before = writes.slice(0, -1).map((write, index) => sql`${sql.id(`write_${index}`)} AS (${write})`);
  await sql`WITH ${sql.join(before)} ${last}`.execute(db);
}

/**
 * Runs `work` in a transaction holding the write lock on one ad, found by its id or slug (undefined
 * when there is none), so commands on that ad (bids above all) apply one after another
 * (DESIGN.md section 2). SQLite: BEGIN IMMEDIATE takes the database's write lock before the first
 * read, so no other writer can slip between this read and its writes. PostgreSQL: SELECT … FOR UPDATE
 * locks the ad's row only, so commands on other ads go on in parallel.
 */
export async function withLockedAd<T>(
  db: Kysely<Database>,
  ad: { id: string } | { slug: string },
  work: (trx: Kysely<Database>, row: Selectable<AdTable> | undefined) => Promise<T>,
): Promise<T> {
  const find = (trx: Kysely<Database>) => {
    const query = trx.selectFrom('ads').selectAll();
    return 'id' in ad ? query.where('id', '=', ad.id) : query.where('slug', '=', ad.slug);
  };
  if (dialectOf(db) === 'postgres') return db.transaction().execute(async (trx) => work(trx, await find(trx).forUpdate().executeTakeFirst()));
  // SQLite's one connection, held by Kysely for the whole transaction: no other query of the app runs inside it.
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection, await find(connection).executeTakeFirst());
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      // SQLite has rolled back already after some errors (a full disk): the first error is the one to tell.
      await sql`ROLLBACK`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
