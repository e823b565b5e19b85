import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { compiledQuery } from '../../server/db/compiled-query';
import { withLockedAd } from '../../server/db/dialect';
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
    return executeQuery.mock.calls.length;
  });
  // PostgreSQL has no such connection: its compiled queries go through Kysely, one call each.
  expect(calls).toBe(testDialect === 'sqlite' ? 0 : 3);
});
