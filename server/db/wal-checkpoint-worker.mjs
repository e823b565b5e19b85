// Plain JavaScript, so the worker runs under Node alone, whatever loads the server (tsx, a test runner).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData;
const database = new SQLite(file, { timeout: 5_000 });

// A PASSIVE checkpoint never takes the write lock, so commits go on while it copies. A failed one (a
// full disk, say) is told and tried again at the next tick.
function checkpoint() {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  database.close();
  parentPort.close();
});
