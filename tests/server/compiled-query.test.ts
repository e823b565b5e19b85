import { afterAll, beforeAll, expect, test } from 'vitest';
import { compiledQuery } from '../../server/db/compiled-query';
import { buildTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const categoriesAmong = compiledQuery((db, { slugs, except }: { slugs: readonly string[]; except: string }) =>
  db.selectFrom('categories').select(['slug']).where('slug', 'in', slugs).where('slug', '!=', except).where('slug', '!=', 'a constant of the query'),
);
const slugsOf = (rows: Array<{ slug: string }>) => rows.map((row) => row.slug).sort();

test('a compiled query runs with each call’s own values, whatever the length of its lists', async () => {
  const [first, second, third] = slugsOf(await t.app.db.selectFrom('categories').select('slug').execute());

  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [first!], except: 'none' }))).toEqual([first]);
  // The same shape again with other values: nothing of the first call stays bound.
  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [second!], except: 'none' }))).toEqual([second]);
  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [second!], except: second! }))).toEqual([]);
  // Another length compiles another statement.
  expect(slugsOf(await categoriesAmong(t.app.db, { slugs: [first!, second!, third!], except: second! }))).toEqual([first, third].sort());
  // Inside a transaction too, as the bid engine runs them.
  expect(slugsOf(await t.app.db.transaction().execute((trx) => categoriesAmong(trx, { slugs: [third!, first!], except: 'none' })))).toEqual([first, third].sort());
});
