import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { startWalCheckpointer } from '../../server/db/wal-checkpointer';

const PAGE_BYTES = 4096;
let cleanUp: () => Promise<void> = async () => {};
afterEach(() => cleanUp());

test('the checkpointer copies what commits left in the write-ahead log into the database file, while the writer goes on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  const file = path.join(dir, 'test.sqlite');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer.exec('CREATE TABLE notes (body TEXT)');
  const errors: Error[] = [];
  const checkpointer = startWalCheckpointer(file, (error) => errors.push(error), 20);
  cleanUp = async () => {
    await checkpointer.stop();
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const insert = writer.prepare('INSERT INTO notes (body) VALUES (?)');
  for (let index = 0; index < 500; index++) insert.run('x'.repeat(PAGE_BYTES));
  // With SQLite's own checkpoints off, the rows are in the log alone until the checkpointer copies them.
  await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(500 * PAGE_BYTES);
  insert.run('after the checkpoint');
  expect(writer.prepare('SELECT count(*) AS count FROM notes').get()).toEqual({ count: 501 });
  expect(errors).toEqual([]);
});
