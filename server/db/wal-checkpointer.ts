import { Worker } from 'node:worker_threads';

/** Often enough that a commit which must checkpoint the log itself (see the database plugin) finds little left to copy. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * Copies SQLite's write-ahead log back into the database file from a worker thread with its own
 * connection. Left to SQLite, whichever commit fills the log past a thousand pages does it, on the
 * event loop, waiting for the disk with every bid and broadcast behind it.
 */
export function startWalCheckpointer(
  file: string,
  events: { onError: (error: Error) => void; onGone: () => void },
  intervalMs = CHECKPOINT_INTERVAL_MS,
): { stop: () => Promise<void> } {
  const worker = new Worker(new URL('./wal-checkpoint-worker.mjs', import.meta.url), { workerData: { file, intervalMs } });
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
