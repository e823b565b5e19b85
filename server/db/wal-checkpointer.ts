import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the write-ahead log is copied back into the database file: often enough that a commit that
 * must checkpoint itself (see the database plugin) finds little left to copy.
 */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * Copies SQLite's write-ahead log back into the database file from a worker thread with its own
 * connection, instead of SQLite doing it inside whichever commit fills the log past a thousand pages:
 * that commit, on the event loop, then waited for the disk (fsync), and every bid and broadcast behind
 * it (a bid's commit took 10 ms at the 99th percentile, against 0.1 ms). A PASSIVE checkpoint never
 * takes the write lock, so commits go on while it copies. The caller raises the log length at which
 * its own connection's commits checkpoint.
 */
export function startWalCheckpointer(
  file: string,
  events: { onError: (error: Error) => void; onGone: () => void },
  intervalMs = CHECKPOINT_INTERVAL_MS,
): { stop: () => Promise<void> } {
  // CommonJS source, so the worker runs under plain Node whatever loads this module (tsx, a test runner).
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.file, { timeout: 5000 });
    // A failed checkpoint (a full disk, say) is told and tried again at the next tick.
    const checkpoint = () => {
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
      } catch (error) {
        parentPort.postMessage({ error: error.message });
      }
    };
    const timer = setInterval(checkpoint, workerData.intervalMs);
    parentPort.once('message', () => {
      clearInterval(timer);
      checkpoint();
      db.close();
      parentPort.close();
    });
  `;
  const worker = new Worker(source, { eval: true, workerData: { file, intervalMs, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
  let stopping = false;
  worker.on('message', (message: { error: string }) => events.onError(new Error(message.error)));
  worker.on('error', events.onError);
  // Gone without being asked (it could not open the database): the caller checkpoints on its own again.
  worker.once('exit', () => {
    if (!stopping) events.onGone();
  });
  // The server's own shutdown stops it; it must not keep a finished process (a script, a test) alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held until it has finished, or a process with nothing else to do would end before the log is copied.
      stopping = true;
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
