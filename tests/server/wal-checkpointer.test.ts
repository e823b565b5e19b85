import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { startWalCheckpointer } from '../../server/db/wal-checkpointer';
import { buildTestApp, testDialect } from './helpers/test-app';

const PAGE_BYTES = 4096;
let cleanUp: () => Promise<void> = async () => {};
afterEach(() => cleanUp());

test('the checkpointer copies what commits leave in the write-ahead log into the database file, while the writer goes on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  const file = path.join(dir, 'test.sqlite');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer.exec('CREATE TABLE notes (body TEXT)');
  const errors: Error[] = [];
  let gone = false;
  const checkpointer = startWalCheckpointer(file, { onError: (error) => errors.push(error), onGone: () => (gone = true) }, 5);
  cleanUp = async () => {
    await checkpointer.stop();
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const insert = writer.prepare('INSERT INTO notes (body) VALUES (?)');
  // Commits keep coming while it copies: a page a commit, a pause now and then for its ticks.
  for (let index = 0; index < 500; index++) {
    insert.run('x'.repeat(PAGE_BYTES));
    if (index % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  // With SQLite's own checkpoints off, the rows are in the log alone until the checkpointer copies them.
  await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(500 * PAGE_BYTES);
  expect(writer.prepare('SELECT count(*) AS count FROM notes').get()).toEqual({ count: 500 });
  expect(errors).toEqual([]);
  await checkpointer.stop();
  expect(gone).toBe(false);
});

test('a checkpointer that cannot work says so, and that it is gone', async () => {
  const errors: Error[] = [];
  let gone = false;
  const checkpointer = startWalCheckpointer(path.join(os.tmpdir(), 'no-such-folder', 'none.sqlite'), { onError: (error) => errors.push(error), onGone: () => (gone = true) });
  cleanUp = () => checkpointer.stop();
  await expect.poll(() => gone, { timeout: 5_000 }).toBe(true);
  expect(errors.map((error) => error.message).join()).toMatch(/cannot open database/i);
});

// PostgreSQL keeps its own log.
test.skipIf(testDialect === 'postgres')('the server checkpoints its log from the worker, not in its own commits', async () => {
  const t = await buildTestApp();
  cleanUp = () => t.close();
  const settings = t.app.config.database;
  if (settings.dialect !== 'sqlite') throw new Error('SQLite only');
  const sizeBefore = fs.statSync(settings.file).size;
  await sql`create table filler (body blob)`.execute(t.app.db);
  // Past SQLite's own 1,000 pages, which the server's commits no longer copy back themselves.
  for (let index = 0; index < 1_500; index++) await sql`insert into filler (body) values (randomblob(${PAGE_BYTES}))`.execute(t.app.db);
  await expect.poll(() => fs.statSync(settings.file).size, { timeout: 5_000 }).toBeGreaterThan(sizeBefore + 1_500 * PAGE_BYTES);
  const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(t.app.db);
  expect(rows).toEqual([{ wal_autocheckpoint: 16_384 }]);
});
