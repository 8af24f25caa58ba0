import type { Db } from './database.js';
import type { Trx } from './transact.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

type Work = (trx: Trx) => Promise<void>;

/**
 * Work a unit wants done after every unit's `work` in its batch, with the others' tails in
 * ascending `key` order (then arrival order): writes to rows that many units share (a
 * subscription's health row) are then taken in one order by every batch, so two batches
 * committing at once on PostgreSQL never wait on each other in a cycle.
 */
export interface Tail {
  key: string;
  work: Work;
  /** The tail as data for a batcher, which then does every such tail of the batch at once. */
  batched?: Batched<unknown>;
}

/**
 * Settles many units' writes at once, one multi-row statement per kind of write, instead of
 * each unit's `work` (webhooks/delivery/settle-attempts.ts). Same result as running the works.
 */
export type Batcher<T> = (trx: Trx, items: T[]) => Promise<void>;

/** A unit's work as data for a batcher; its `work` stays the one-by-one path. */
export interface Batched<T> {
  batcher: Batcher<T>;
  item: T;
}

/** A tail that a batcher may do together with the batch's others (`GroupCommit` with batching). */
export const batchedTail = <T>(key: string, work: Work, batched: Batched<T>): Tail => ({
  key,
  work,
  batched: batched as Batched<unknown>,
});

interface Unit {
  work: Work;
  tail: Tail | undefined;
  batched: Batched<unknown> | undefined;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Runs many small, independent units of work in one transaction (a group commit): a commit
 * costs far more than the few statements of one webhook settlement. One batch commits at a
 * time: units queued while it runs wait for it and then share the next commit (up to
 * `maxBatch` of them each), so under load the batches grow with the commit's own duration
 * instead of each turn of the event loop paying a commit of its own; an idle committer starts
 * at the end of the current turn, so a lone unit waits for nothing. If the batch fails, each
 * unit is retried in a transaction of its own, so one bad unit cannot sink the others — unless
 * the database itself is unavailable: then every unit fails at once with that error (retrying
 * 64 units one by one, each waiting for a connection's deadline, would stall the worker for
 * minutes), and each job is retried after its backoff or lease.
 */
export class GroupCommit {
  private pending: Unit[] = [];
  /** A flush is scheduled or running: units queued now go in its next batch. */
  private flushing = false;

  /**
   * `batching`: settle a batch's batched units and tails through their batchers (multi-row
   * statements); without it, and when a failed batch retries its units one by one, each unit
   * runs its own `work` and tail.
   */
  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
    private readonly batching = false,
  ) {}

  run<T>(work: Work, tail?: Tail, batched?: Batched<T>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        work,
        tail,
        batched: batched as Batched<unknown> | undefined,
        resolve,
        reject,
      });
      if (this.flushing) return;
      this.flushing = true;
      setImmediate(() => void this.flush());
    });
  }

  /** Commits batches of what is pending until nothing is (units queued meanwhile included). */
  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) await this.commit(this.pending.splice(0, this.maxBatch));
    } finally {
      this.flushing = false;
    }
  }

  /** Runs each entry's work, or gives it to its batcher, which then gets all of its at once. */
  private async runAll(
    trx: Trx,
    entries: { work: Work; batched?: Batched<unknown> | undefined }[],
  ): Promise<void> {
    const groups = new Map<Batcher<unknown>, unknown[]>();
    for (const entry of entries) {
      if (this.batching && entry.batched) {
        const items = groups.get(entry.batched.batcher);
        if (items) items.push(entry.batched.item);
        else groups.set(entry.batched.batcher, [entry.batched.item]);
      } else {
        await entry.work(trx);
      }
    }
    for (const [batcher, items] of groups) await batcher(trx, items);
  }

  private async commit(batch: Unit[]): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.runAll(trx, batch);
        const tails = batch.flatMap((unit) => (unit.tail ? [unit.tail] : []));
        // Array.prototype.sort is stable: one key's tails keep their arrival order.
        tails.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        // A batcher gets its tails in that order, as the one-by-one path runs them.
        await this.runAll(trx, tails);
      });
      for (const unit of batch) unit.resolve();
    } catch (batchError) {
      if (isDatabaseUnavailable(batchError)) {
        for (const unit of batch) unit.reject(batchError);
        return;
      }
      for (const unit of batch) {
        try {
          await this.db.transaction().execute(async (trx) => {
            await unit.work(trx);
            await unit.tail?.work(trx);
          });
          unit.resolve();
        } catch (error) {
          unit.reject(error);
        }
      }
    }
  }
}
