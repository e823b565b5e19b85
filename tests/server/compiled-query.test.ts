import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { compiledQuery, knownRead, type Read, runRead } from '../../server/db/compiled-query';
import { withHeldSqliteConnection } from '../../server/db/database';
import { readTogether, withLockedAd, writeTogether } from '../../server/db/dialect';
import { buildTestApp, testDialect, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const categoriesAmong = compiledQuery((db, { slugs, except }: { slugs: readonly string[]; except: string }) =>
  db.selectFrom('categories').select(['slug']).where('slug', 'in', slugs).where('slug', '!=', except).where('slug', '!=', 'a constant of the query'),
);
const categoriesRankedFrom = compiledQuery((db, { from, slugs }: { from: number; slugs: readonly string[] }) =>
  db.selectFrom('categories').select(['slug', 'sort_order']).where('sort_order', '>=', from).where('slug', 'in', slugs),
);
const slugsOf = (rows: Array<{ slug: string }>) => rows.map((row) => row.slug).sort();

test('a compiled query runs with each call’s own values, whatever the length of its lists', async () => {
  // A subcategory's slug may repeat under another category: three different ones.
  const [first, second, third] = [...new Set(slugsOf(await t.app.db.selectFrom('categories').select('slug').execute()))];

  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [first!], except: 'none' }))).toEqual([first]);
  // The same shape again with other values: nothing of the first call stays bound.
  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [second!], except: 'none' }))).toEqual([second]);
  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [second!], except: second! }))).toEqual([]);
  // Another length compiles another statement.
  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [first!, second!, third!], except: second! }))).toEqual([first, third].sort());
  // Numbers are bound as numbers: from the second-lowest order of the three, all but the lowest.
  const all = await categoriesRankedFrom(t.app.db, { from: -1, slugs: [first!, second!, third!] });
  expect(slugsOf(all)).toEqual([first, second, third]);
  const [lowest, next] = [...new Set(all.map((row) => row.sort_order))].sort((a, b) => a - b);
  const ranked = await categoriesRankedFrom(t.app.db, { from: next!, slugs: [first!, second!, third!] });
  expect(slugsOf(ranked)).toEqual(slugsOf(all.filter((row) => row.sort_order > lowest!)));
  expect(ranked.length).toBeGreaterThan(0);
  // What would not be bound as meant is refused.
  await expect(categoriesAmong(t.app.db, { slugs: [first!], except: undefined as unknown as string })).rejects.toThrow(TypeError);
  // Inside a transaction too, as the bid engine runs them.
  expect(slugsOf(await t.app.db.transaction().execute((trx) => categoriesAmong(trx, { slugs: [third!, first!], except: 'none' })))).toEqual([first, third].sort());
});

const renameCategory = compiledQuery((db, { slug, name }: { slug: string; name: string }) => db.updateTable('categories').set({ name_en: name }).where('slug', '=', slug));
const categoryNamed = compiledQuery((db, slug: string) => db.selectFrom('categories').select(['name_en']).where('slug', '=', slug));

test('in a locked ad’s transaction compiled queries and Kysely’s own see each other’s writes, and roll back with it', async () => {
  const { slug, name_en: name } = await t.app.db.selectFrom('categories').select(['slug', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
  const seen: string[] = [];
  // On SQLite the compiled queries run on the held connection straight away, Kysely's through its executor.
  const failed = withLockedAd(t.app.db, { id: 'no such ad' }, async (trx) => {
    await renameCategory(trx, { slug, name: 'renamed by a compiled query' });
    seen.push((await trx.selectFrom('categories').select('name_en').where('slug', '=', slug).executeTakeFirstOrThrow()).name_en);
    await trx.updateTable('categories').set({ name_en: 'renamed by Kysely' }).where('slug', '=', slug).execute();
    seen.push((await categoryNamed(trx, slug))[0]!.name_en);
    throw new Error('the command is refused');
  });
  await expect(failed).rejects.toThrow('the command is refused');
  expect(seen).toEqual(['renamed by a compiled query', 'renamed by Kysely']);
  expect((await categoryNamed(t.app.db, slug))[0]!.name_en).toBe(name);

  await withLockedAd(t.app.db, { id: 'no such ad' }, (trx) => renameCategory(trx, { slug, name: 'kept' }));
  expect((await categoryNamed(t.app.db, slug))[0]!.name_en).toBe('kept');
  await renameCategory(t.app.db, { slug, name });
});

test('on SQLite a locked ad’s compiled queries, reads and writes, run on the held connection, not through Kysely’s executor', async () => {
  const { slug, name_en: name } = await t.app.db.selectFrom('categories').select(['slug', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
  const calls = await withLockedAd(t.app.db, { id: 'no such ad' }, async (trx) => {
    const executeQuery = vi.spyOn(trx, 'executeQuery');
    await renameCategory(trx, { slug, name: 'renamed straight away' });
    expect((await categoryNamed(trx, slug))[0]!.name_en).toBe('renamed straight away');
    await renameCategory(trx, { slug, name });
    const count = executeQuery.mock.calls.length;
    // On SQLite the Kysely given is the same for every locked ad's transaction: left spied, it would stay so.
    executeQuery.mockRestore();
    return count;
  });
  // PostgreSQL has no such connection: its compiled queries go through Kysely, one call each.
  expect(calls).toBe(testDialect === 'sqlite' ? 0 : 3);
});

test.runIf(testDialect === 'sqlite')('on SQLite the app’s other queries wait while a locked ad’s transaction holds the connection, and are not rolled back with it', async () => {
  const { slug, name_en: name } = await t.app.db.selectFrom('categories').select(['slug', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
  const finished: string[] = [];
  let outside: Promise<unknown> | undefined;
  const refused = withLockedAd(t.app.db, { id: 'no such ad' }, async () => {
    outside = t.app.db.updateTable('categories').set({ name_en: 'renamed outside' }).where('slug', '=', slug).execute().then(() => finished.push('outside'));
    // A real wait, as for a command's I/O: the other query could run meanwhile if nothing held it back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    finished.push('locked');
    throw new Error('the command is refused');
  });
  await expect(refused).rejects.toThrow('the command is refused');
  await outside;
  expect(finished).toEqual(['locked', 'outside']);
  expect((await categoryNamed(t.app.db, slug))[0]!.name_en).toBe('renamed outside');
  await renameCategory(t.app.db, { slug, name });
});

test.runIf(testDialect === 'sqlite')('on SQLite the held connection is taken at once when it is free, and otherwise in turn with Kysely’s queries and transactions', async () => {
  const { slug, name_en: name } = await t.app.db.selectFrom('categories').select(['slug', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
  let started = false;
  const atOnce = withHeldSqliteConnection(t.app.db, async () => {
    started = true;
  });
  // Before the call returned: no promise stood between a free connection and the work.
  expect(started).toBe(true);
  await atOnce;

  const order: string[] = [];
  const transaction = t.app.db.transaction().execute(async (trx) => {
    await renameCategory(trx, { slug, name: 'renamed in a transaction' });
    // A real wait: anything not held back would run on the connection meanwhile, inside this transaction.
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('transaction');
  });
  // The transaction has taken the connection by the time its first query ran.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const held = withHeldSqliteConnection(t.app.db, async (_connection, sqlite) => {
    order.push(sqlite.inTransaction ? 'held inside the transaction' : 'held');
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('held done');
  });
  const query = categoryNamed(t.app.db, slug).then((rows) => order.push(`query found ${rows[0]!.name_en}`));
  await Promise.all([transaction, held, query]);
  expect(order).toEqual(['transaction', 'held', 'held done', 'query found renamed in a transaction']);
  await renameCategory(t.app.db, { slug, name });
});

/** A category's slug, its order, and text that holds a placeholder's look inside quotes, which must reach the database as written. */
const categoryWithText = compiledQuery((db, slug: string) =>
  db.selectFrom('categories').select(['slug', 'sort_order', sql<string>`'costs $1, ''$2'''`.as('text'), sql<null>`null`.as('nothing')]).where('slug', '=', slug),
);
const readOf = <Row,>(query: Read<Row, Row[]>['query']): Read<Row, Row[]> => ({ query, resultOf: (rows) => rows });

test('reads run together find what each finds alone, each with its own values, in one statement on PostgreSQL', async () => {
  const [first, second, third] = [...new Set(slugsOf(await t.app.db.selectFrom('categories').select('slug').execute()))];
  const reads = [
    readOf(categoriesAmong.with({ slugs: [first!, second!], except: second! })),
    knownRead('known without a query'),
    readOf(categoryWithText.with(third!)),
    readOf(categoriesRankedFrom.with({ from: -1, slugs: [second!, third!] })),
    readOf(categoriesAmong.with({ slugs: ['no such category'], except: 'none' })),
  ] as const;
  const alone: unknown[] = [];
  for (const read of reads as ReadonlyArray<Read<unknown, unknown>>) alone.push(await runRead(t.app.db, read));
  const executeQuery = vi.spyOn(t.app.db, 'executeQuery');
  const together = await readTogether(t.app.db, reads);
  const statements = executeQuery.mock.calls.length;
  executeQuery.mockRestore();

  expect(together).toEqual(alone);
  expect(together[0].map((row) => row.slug)).toEqual([first]);
  expect(together[1]).toBe('known without a query');
  expect(together[2]).toEqual([{ slug: third, sort_order: expect.any(Number), text: "costs $1, '$2'", nothing: null }]);
  expect(together[3]).toHaveLength(2);
  expect(together[4]).toEqual([]);
  expect(statements).toBe(testDialect === 'postgres' ? 1 : 4);
});

test('writes run together all take effect, in one statement on PostgreSQL, and roll back with their transaction', async () => {
  const [one, other] = await t.app.db.selectFrom('categories').select(['slug', 'name_en']).orderBy('id').limit(2).execute();
  const namesNow = async (db: typeof t.app.db) => ({ one: (await categoryNamed(db, one!.slug))[0]!.name_en, other: (await categoryNamed(db, other!.slug))[0]!.name_en });
  const renameBoth = (db: typeof t.app.db, names: { one: string; other: string }) =>
    writeTogether(db, [renameCategory.with({ slug: one!.slug, name: names.one }), renameCategory.with({ slug: other!.slug, name: names.other })]);

  const executeQuery = vi.spyOn(t.app.db, 'executeQuery');
  await renameBoth(t.app.db, { one: 'first together', other: 'second together' });
  const statements = executeQuery.mock.calls.length;
  executeQuery.mockRestore();
  expect(await namesNow(t.app.db)).toEqual({ one: 'first together', other: 'second together' });
  expect(statements).toBe(testDialect === 'postgres' ? 1 : 2);

  const failed = withLockedAd(t.app.db, { id: 'no such ad' }, async (trx) => {
    await renameBoth(trx, { one: 'first rolled back', other: 'second rolled back' });
    expect(await namesNow(trx)).toEqual({ one: 'first rolled back', other: 'second rolled back' });
    throw new Error('the command is refused');
  });
  await expect(failed).rejects.toThrow('the command is refused');
  expect(await namesNow(t.app.db)).toEqual({ one: 'first together', other: 'second together' });
  await renameBoth(t.app.db, { one: one!.name_en, other: other!.name_en });
});

test.runIf(testDialect === 'postgres')('on PostgreSQL a compiled query is prepared once on its connection, then only bound and run', async () => {
  const { slug } = await t.app.db.selectFrom('categories').select('slug').orderBy('id').executeTakeFirstOrThrow();
  const prepared = await t.app.db.transaction().execute(async (trx) => {
    const first = await categoryWithText(trx, slug);
    expect(await categoryWithText(trx, slug)).toEqual(first);
    // Reads run together are one statement, prepared as well.
    await readTogether(trx, [readOf(categoryWithText.with(slug)), readOf(categoryNamed.with(slug))]);
    return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((row) => row.statement);
  });
  expect(prepared).toContain(categoryWithText.with(slug).compileFor(t.app.db).sql);
  expect(prepared.some((statement) => statement.startsWith('select (select coalesce(json_agg('))).toBe(true);
  // SQL built on demand is not kept on the connection.
  expect(prepared).not.toContain('select statement from pg_prepared_statements');
});
