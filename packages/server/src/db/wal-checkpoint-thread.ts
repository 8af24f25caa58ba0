import type SQLite from 'better-sqlite3';

/** What the checkpoint thread is given (its workerData). */
export interface WalCheckpointThreadData {
  /** The SQLite database file, which the API process has already opened in WAL mode. */
  filename: string;
  /** The better-sqlite3 module the server itself loaded, so the thread runs the same build. */
  driver: string;
  /** Time between two checkpoints while nothing is committed. */
  intervalMs: number;
  /** Time between two checkpoints while commits come (new frames seen within `intervalMs`). */
  busyIntervalMs: number;
  /** Counters the thread writes and the process reads (Atomics), indexed by `slots`. */
  counters: SharedArrayBuffer;
  slots: Record<WalCounter, number>;
}

/**
 * What the thread counts. `log` and `checkpointed` are the last checkpoint's result: the frames
 * in the WAL and how many of them are now in the database file (equal: nothing left to copy).
 */
export const WAL_COUNTERS = ['runs', 'busy', 'errors', 'log', 'checkpointed'] as const;
export type WalCounter = (typeof WAL_COUNTERS)[number];

/** A message from the thread: a checkpoint failed, or succeeded again after failing. */
export type WalCheckpointThreadMessage = { kind: 'failing'; error: string } | { kind: 'recovered' };

/**
 * The body of the checkpoint thread (wal-checkpointer.ts starts it). It runs from its own source
 * text (`new Worker(code, { eval: true })`), so it must reach nothing outside itself: no binding
 * of this module, only what it loads through `process.getBuiltinModule` and the driver's path.
 * That keeps one way to start it whether the server runs compiled from dist/ or as TypeScript
 * sources under Vitest, where no `.js` file sits next to this one for a worker to load.
 *
 * Every `intervalMs` it asks SQLite for a PASSIVE checkpoint: it copies the frames no reader
 * still needs into the database file without waiting for, or blocking, any reader or writer;
 * with nothing new in the WAL it only reads the WAL index. Once the WAL is entirely copied, the
 * next commit of any connection starts writing it from the beginning again, so with gaps between
 * commits the file stays about as large as what is committed between two runs (the backstop in
 * create-db.ts covers writes without gaps). A checkpoint that fails (I/O) is
 * counted and tried again at the next run; only the first failure of a streak and the recovery
 * are reported, so a failing disk does not flood the process with messages.
 */
export function walCheckpointThread(): void {
  const threads = process.getBuiltinModule('node:worker_threads');
  const { parentPort } = threads;
  const data = threads.workerData as WalCheckpointThreadData;
  const { createRequire } = process.getBuiltinModule('node:module');
  const Database = createRequire(data.driver)(data.driver) as typeof SQLite;
  const counters = new Int32Array(data.counters);
  // The API process has set WAL mode (a property of the file); this connection only checkpoints.
  // Its busy timeout covers reading the schema on first use; a PASSIVE checkpoint itself never
  // waits on the busy handler.
  let db: SQLite.Database;
  try {
    db = new Database(data.filename, { fileMustExist: true, timeout: 1_000 });
  } catch (error) {
    // A SqliteError reaches the process as a clone without its message: this keeps it.
    throw new Error(`cannot open ${data.filename}: ${String(error)}`);
  }
  const checkpoint = db.prepare<[], { busy: number; log: number; checkpointed: number }>(
    'PRAGMA wal_checkpoint(PASSIVE)',
  );
  let failing = false;
  let copied = -1;
  let logged = -1;
  let changedAt = -Infinity;
  /**
   * One checkpoint, and the wait before the next: none when it copied frames and some remain
   * (more commits came meanwhile), the busy interval while the WAL changed within the last
   * interval (so a pause between commits shorter than that keeps the cadence), the interval
   * otherwise.
   */
  const checkpointOnce = (): number => {
    try {
      const result = checkpoint.get();
      if (failing) parentPort?.postMessage({ kind: 'recovered' });
      failing = false;
      // busy = 1: the checkpoint could not run to the end (another connection, e.g. another
      // process's thread, held the checkpoint lock and is doing this work now).
      if (!result || result.busy) {
        Atomics.add(counters, data.slots.busy, result ? 1 : 0);
        return data.intervalMs;
      }
      Atomics.store(counters, data.slots.log, result.log);
      Atomics.store(counters, data.slots.checkpointed, result.checkpointed);
      const progress = result.checkpointed !== copied;
      const now = performance.now();
      if (result.log !== logged) changedAt = now;
      copied = result.checkpointed;
      logged = result.log;
      if (progress && result.checkpointed < result.log) return 0;
      return now - changedAt < data.intervalMs ? data.busyIntervalMs : data.intervalMs;
    } catch (error) {
      Atomics.add(counters, data.slots.errors, 1);
      if (!failing) parentPort?.postMessage({ kind: 'failing', error: String(error) });
      failing = true;
      return data.intervalMs;
    } finally {
      Atomics.add(counters, data.slots.runs, 1);
    }
  };
  // Under a steady stream of commits a run never finds the WAL entirely copied (commits append
  // while it copies), and only a WAL entirely copied is written from its start again. So while a
  // run makes progress and frames remain, the next one follows at once: each copies what came
  // during the last, the runs shorten, and the thread catches up between two commits. A run
  // without progress (a reader still needs the frames) waits instead of spinning.
  // While commits come, the wait is the busy interval (why: WAL_CHECKPOINT_BUSY_INTERVAL_MS).
  let timer: NodeJS.Timeout;
  const run = (): void => {
    timer = setTimeout(run, checkpointOnce());
  };
  parentPort?.on('message', (message) => {
    if (message !== 'stop') return;
    clearTimeout(timer);
    db.close();
    // Nothing keeps the thread's loop alive now: it ends, and the process sees 'exit'.
    parentPort.close();
  });
  run();
}
