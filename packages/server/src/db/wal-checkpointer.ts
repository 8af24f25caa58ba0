import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  WAL_COUNTERS,
  walCheckpointThread,
  type WalCheckpointThreadData,
  type WalCheckpointThreadMessage,
  type WalCounter,
} from './wal-checkpoint-thread.js';

/**
 * How often an idle thread checkpoints (one with frames left to copy goes on at once). Short,
 * because a run with nothing to copy costs only a read of the WAL index, and a run soon after a
 * burst of commits copies little and lets the next commit write the WAL from its start again.
 * Not a setting: nothing an operator knows changes the right value (docs/operations.md "The WAL
 * checkpoint").
 */
export const WAL_CHECKPOINT_INTERVAL_MS = 100;

/**
 * How often the thread checkpoints while commits come (a run within the last interval found
 * frames that were not there at the run before): small bursts of writes to the database file,
 * each soon after the commits it copies, rather than one every interval that the process's own
 * writes queue behind.
 * Each run writes what it copies to the database file and syncs it in one burst, and the
 * process's commits wait behind that burst in the disk's queue (the WAL's start-over syncs its
 * header there). On an ext4 disk a 100 ms wait gave stalls of 65 ms in commits, 1 s of 150 ms,
 * 20 ms of 15-25 ms (bench:neighbour `bodies`, docs/operations.md "The WAL checkpoint").
 */
export const WAL_CHECKPOINT_BUSY_INTERVAL_MS = 20;

export interface WalCheckpointStats {
  /** running; stopped (by stop()); failed (the thread died: the backstop checkpoints alone). */
  state: 'running' | 'stopped' | 'failed';
  /** Checkpoints attempted, and of those: skipped because another held the lock, failed. */
  runs: number;
  busy: number;
  errors: number;
  /** The last checkpoint's WAL frames, and how many of them are in the database file. */
  log: number;
  checkpointed: number;
  /** The last failure (a checkpoint's, or what killed the thread). */
  lastError: string | undefined;
}

export interface WalCheckpointer {
  stats(): WalCheckpointStats;
  /** Ends the thread (after the checkpoint it may be running) and its connection. */
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  intervalMs?: number;
  busyIntervalMs?: number;
  /** Told of a failure: a checkpoint that fails, or the thread dying. */
  onError?: (error: string) => void;
}

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** A failure nobody asked to hear about goes to the process's warnings (stderr by default). */
function warn(error: string): void {
  process.emitWarning(`SQLite WAL checkpoint thread: ${error}`, { code: 'COFRE_WAL_CHECKPOINT' });
}

/** An error from the thread arrives as a structured clone: an Error keeps its message. */
function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return String(error);
}

/**
 * Starts the thread that checkpoints `filename`'s WAL (wal-checkpoint-thread.ts), so that a
 * commit on the process's event loop never runs a checkpoint itself. The thread is unref'd: it
 * never keeps a process alive. A thread that dies is not restarted: its loop already survives a
 * failing checkpoint, so what kills it (the file or the driver cannot be opened, no memory) would
 * kill the next one too; the failure is reported and the connection's own automatic checkpoint
 * (the backstop in create-db.ts) keeps the WAL bounded meanwhile.
 */
export function startWalCheckpointer(
  filename: string,
  {
    intervalMs = WAL_CHECKPOINT_INTERVAL_MS,
    busyIntervalMs = WAL_CHECKPOINT_BUSY_INTERVAL_MS,
    onError = warn,
  }: WalCheckpointerOptions = {},
): WalCheckpointer {
  const slots = Object.fromEntries(WAL_COUNTERS.map((name, i) => [name, i])) as Record<
    WalCounter,
    number
  >;
  const counters = new SharedArrayBuffer(WAL_COUNTERS.length * Int32Array.BYTES_PER_ELEMENT);
  const data: WalCheckpointThreadData = {
    filename,
    driver,
    intervalMs,
    busyIntervalMs,
    counters,
    slots,
  };
  const worker = new Worker(`(${walCheckpointThread.toString()})()`, {
    eval: true,
    workerData: data,
    name: 'cofre-wal-checkpoint',
  });
  let state: WalCheckpointStats['state'] = 'running';
  let lastError: string | undefined;
  worker.on('message', (message: WalCheckpointThreadMessage) => {
    if (message.kind === 'recovered') return;
    lastError = message.error;
    onError(message.error);
  });
  worker.on('error', (error) => {
    state = 'failed';
    lastError = describe(error);
    onError(`the thread died, the backstop checkpoints alone: ${lastError}`);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // After the listeners: adding a 'message' listener refs the worker's port again.
  worker.unref();
  const read = new Int32Array(counters);
  const counter = (name: WalCounter): number => Atomics.load(read, slots[name]);
  return {
    stats: () => ({
      state,
      runs: counter('runs'),
      busy: counter('busy'),
      errors: counter('errors'),
      log: counter('log'),
      checkpointed: counter('checkpointed'),
      lastError,
    }),
    async stop() {
      // Ref'd while it ends: a process awaiting destroy() stays until the thread has exited,
      // instead of leaving with the await unsettled.
      worker.ref();
      if (state === 'running') worker.postMessage('stop');
      await exited;
      if (state === 'running') state = 'stopped';
    },
  };
}
