import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, testDialect, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The statements PostgreSQL keeps prepared on the connection `trx` runs on. */
const preparedOn = async (trx: TestApp['app']['db']) =>
  (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx)).rows.map((row) => row.statement);

test.runIf(testDialect === 'postgres')('on PostgreSQL a query with values is prepared once on its connection and run again by name; one with none or with very many is not', async () => {
  await t.app.db.transaction().execute(async (trx) => {
    const categoryBySlug = trx.selectFrom('categories').select('name_en').where('slug', '=', 'cars');
    const first = await categoryBySlug.execute();
    expect(await categoryBySlug.execute()).toEqual(first);
    expect((await preparedOn(trx)).filter((statement) => statement === categoryBySlug.compile().sql)).toHaveLength(1);

    await sql`SELECT count(*) FROM categories`.execute(trx);
    const manySlugs = Array.from({ length: 101 }, (_, index) => `slug-${index}`);
    const manyText = trx.selectFrom('categories').select('id').where('slug', 'in', manySlugs).compile().sql;
    await trx.selectFrom('categories').select('id').where('slug', 'in', manySlugs).execute();
    const after = await preparedOn(trx);
    expect(after).not.toContain('SELECT count(*) FROM categories');
    expect(after).not.toContain(manyText);
  });
});
