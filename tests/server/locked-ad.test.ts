import { afterAll, beforeAll, expect, test } from 'vitest';
import { withLockedAd } from '../../server/db/dialect';
import { buildTestApp, testDialect, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const firstCategory = () => t.app.db.selectFrom('categories').select(['slug', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
const nameOf = async (slug: string) => (await t.app.db.selectFrom('categories').select('name_en').where('slug', '=', slug).executeTakeFirstOrThrow()).name_en;
const rename = (db: TestApp['app']['db'], slug: string, name: string) => db.updateTable('categories').set({ name_en: name }).where('slug', '=', slug).execute();

test('a locked ad’s transaction sees its own writes, keeps them when it ends, and rolls them back when it fails', async () => {
  const { slug, name_en: name } = await firstCategory();
  const failed = withLockedAd(t.app.db, { id: 'no such ad' }, async (trx, row) => {
    expect(row).toBeUndefined();
    await rename(trx, slug, 'renamed, then refused');
    expect((await trx.selectFrom('categories').select('name_en').where('slug', '=', slug).executeTakeFirstOrThrow()).name_en).toBe('renamed, then refused');
    throw new Error('the command is refused');
  });
  await expect(failed).rejects.toThrow('the command is refused');
  expect(await nameOf(slug)).toBe(name);

  await withLockedAd(t.app.db, { slug: 'no such ad' }, (trx) => rename(trx, slug, 'kept'));
  expect(await nameOf(slug)).toBe('kept');
  await rename(t.app.db, slug, name);
});

test.runIf(testDialect === 'sqlite')('on SQLite the app’s other queries wait while a locked ad’s transaction holds the connection, and are not rolled back with it', async () => {
  const { slug, name_en: name } = await firstCategory();
  const finished: string[] = [];
  let outside: Promise<unknown> | undefined;
  const refused = withLockedAd(t.app.db, { id: 'no such ad' }, async () => {
    outside = rename(t.app.db, slug, 'renamed outside').then(() => finished.push('outside'));
    // A real wait, as for a command's I/O: the other query could run meanwhile if nothing held it back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    finished.push('locked');
    throw new Error('the command is refused');
  });
  await expect(refused).rejects.toThrow('the command is refused');
  await outside;
  expect(finished).toEqual(['locked', 'outside']);
  expect(await nameOf(slug)).toBe('renamed outside');
  await rename(t.app.db, slug, name);
});
