import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalidData } from '../../lib/errors.js';
import {
  deleteInProgress,
  deleteStale,
  findKey,
  insertClaim,
  markDone,
  type KeyRef,
} from './idempotency.repository.js';
import { claimInTransaction } from './claim-in-transaction.js';
import { MAX_IDEMPOTENCY_KEY_CHARS } from './idempotency.schemas.js';

/** Records the response inside the caller's transaction, so the result and its record commit together. */
export type CompleteIdempotent = (trx: Trx, status: number, body: unknown) => Promise<void>;

/**
 * The `complete` of a request sent without a key: there is no answer to record. A request whose
 * only write is one statement then runs it alone, with no transaction around it (`recordsAnswer`).
 */
export const NOTHING_TO_RECORD: CompleteIdempotent = () => Promise.resolve();

/** Whether `complete` records the answer (the request has a key), so it needs a transaction. */
export const recordsAnswer = (complete: CompleteIdempotent): boolean =>
  complete !== NOTHING_TO_RECORD;

/**
 * What an idempotent request whose whole work is one transaction calls in it: `claim` as its
 * first statement (a no-op when the key was claimed before the transaction), `complete` with
 * its answer.
 */
export interface IdempotentSteps {
  claim(trx: Trx): Promise<void>;
  complete: CompleteIdempotent;
}

/** The key was claimed by another request: thrown inside the transaction, which rolls back. */
class KeyTaken extends Error {}

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_CHARS}}$`);
/** An IN_PROGRESS claim this old was left by a request that died before committing anything. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * Idempotency keys (BRIEF "Idempotency"): the same key with the same request gives the original
 * response again (`Idempotent-Replayed: true`); with a different request, 422
 * IDEMPOTENCY_CONFLICT; while the first is still running, 409 IDEMPOTENCY_IN_PROGRESS. Keys are
 * per customer and kept for `ttlMs` (at least 24 h). Only successful responses are kept: a
 * request that failed may be retried with the same key.
 */
const IN_PROGRESS_DETAIL =
  'A request with this Idempotency-Key is still being processed; retry shortly.';

export class IdempotencyService {
  /**
   * Keys whose request is running in this process (runClaimingInTransaction). A duplicate sent
   * while the first runs is answered 409 at once, as BRIEF "Idempotency" says, on both engines:
   * on SQLite the claim in the transaction alone would make it wait for the one writer and then
   * replay the first one's answer.
   */
  private readonly running = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async run<T>(
    customerId: string,
    key: string | undefined,
    fingerprint: string,
    execute: (complete: CompleteIdempotent) => Promise<{ status: number; body: T }>,
  ): Promise<IdempotentResult<T>> {
    if (key === undefined) return { ...(await execute(NOTHING_TO_RECORD)), replayed: false };
    const requestHash = this.hashOf(key, fingerprint);
    const ref: KeyRef = { customerId, key };
    const replay = await this.claim(ref, requestHash);
    if (replay) return { ...(replay as { status: number; body: T }), replayed: true };
    try {
      return {
        ...(await execute((trx, status, body) => markDone(trx, ref, status, body))),
        replayed: false,
      };
    } catch (error) {
      await deleteInProgress(this.db, ref);
      throw error;
    }
  }

  /**
   * As `run`, for a request whose work is one transaction that begins with `steps.claim`: the
   * key is claimed in that transaction (claim-in-transaction.ts) rather than in one of its own
   * before it, one statement and one commit fewer. Nothing needs freeing when the work fails:
   * the claim rolls back with it. When the key is taken (a replay, a conflict, a request still
   * running), the transaction rolls back before anything else ran in it, and the answer is the
   * one `run` gives: the stored response, 422, or 409; a key freed meanwhile is claimed as
   * `run` claims it and the work runs once more, with `steps.claim` doing nothing.
   */
  async runClaimingInTransaction<T>(
    customerId: string,
    key: string | undefined,
    fingerprint: string,
    execute: (steps: IdempotentSteps) => Promise<{ status: number; body: T }>,
  ): Promise<IdempotentResult<T>> {
    const claimed = async () => {};
    if (key === undefined) {
      return {
        ...(await execute({ claim: claimed, complete: NOTHING_TO_RECORD })),
        replayed: false,
      };
    }
    const requestHash = this.hashOf(key, fingerprint);
    const running = `${customerId}\n${key}`;
    if (this.running.has(running)) throw inProgress(IN_PROGRESS_DETAIL);
    this.running.add(running);
    try {
      return await this.claimingInTransaction(customerId, key, fingerprint, requestHash, execute);
    } finally {
      this.running.delete(running);
    }
  }

  private async claimingInTransaction<T>(
    customerId: string,
    key: string,
    fingerprint: string,
    requestHash: string,
    execute: (steps: IdempotentSteps) => Promise<{ status: number; body: T }>,
  ): Promise<IdempotentResult<T>> {
    const claimed = async () => {};
    const ref: KeyRef = { customerId, key };
    const claim = async (trx: Trx) => {
      const now = this.clock.now();
      if (!(await claimInTransaction(trx, ref, requestHash, now, now + this.ttlMs))) {
        throw new KeyTaken();
      }
    };
    const complete: CompleteIdempotent = (trx, status, body) => markDone(trx, ref, status, body);
    try {
      return { ...(await execute({ claim, complete })), replayed: false };
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
    }
    // No committed row: another transaction is claiming the key right now (PostgreSQL; its
    // uncommitted row is invisible here, and `run`'s own claim would wait for it).
    if (!(await findKey(this.db, ref))) throw inProgress(IN_PROGRESS_DETAIL);
    return this.run(customerId, key, fingerprint, (done) =>
      execute({ claim: claimed, complete: done }),
    );
  }

  /** The request's hash, once its key is known to be well-formed (400 otherwise). */
  private hashOf(key: string, fingerprint: string): string {
    if (!KEY_PATTERN.test(key)) {
      throw invalidData([
        {
          pointer: '/Idempotency-Key',
          in: 'header',
          // The codes a field's own maxLength or pattern would give.
          code: key.length > MAX_IDEMPOTENCY_KEY_CHARS ? 'INVALID_LENGTH' : 'INVALID_FORMAT',
          detail: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_CHARS} visible ASCII characters.`,
        },
      ]);
    }
    return createHash('sha256').update(fingerprint).digest('base64url');
  }

  /** Claims the key for this request, or returns the stored response to replay. */
  private async claim(
    ref: KeyRef,
    requestHash: string,
  ): Promise<{ status: number; body: unknown } | undefined> {
    for (let round = 0; round < 2; round++) {
      const now = this.clock.now();
      if (await insertClaim(this.db, ref, requestHash, now, now + this.ttlMs)) return undefined;
      const existing = await findKey(this.db, ref);
      if (!existing) continue; // deleted in between: try again
      const stale =
        existing.expires_at <= now ||
        (existing.state === 'IN_PROGRESS' && now - existing.created_at > ABANDONED_AFTER_MS);
      if (stale) {
        await deleteStale(this.db, ref, existing.created_at);
        continue;
      }
      if (existing.request_hash !== requestHash) {
        throw new AppError('IDEMPOTENCY_CONFLICT', {
          detail: 'This Idempotency-Key was already used with a different request; use a new key.',
        });
      }
      if (existing.state === 'IN_PROGRESS') {
        throw inProgress(
          'A request with this Idempotency-Key is still being processed; retry shortly.',
        );
      }
      return {
        status: existing.response_status ?? 200,
        body: JSON.parse(existing.response_body ?? 'null') as unknown,
      };
    }
    throw inProgress('Could not claim the Idempotency-Key; retry.');
  }
}

/** 409 IDEMPOTENCY_IN_PROGRESS: the client retries after a second. */
function inProgress(detail: string): AppError {
  return new AppError('IDEMPOTENCY_IN_PROGRESS', { detail, headers: { 'retry-after': '1' } });
}

/** What identifies "the same request": method, path and body, with object keys sorted. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return `${method} ${path}\n${canonicalJson(body)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key from `Idempotency-Key`, or the older `X-Idempotency-Key`. Both with different values
 * is a 400: which one counts would be a guess, and a wrong guess replays another request.
 */
export function idempotencyKeyOf(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const key = first(headers['idempotency-key']);
  const older = first(headers['x-idempotency-key']);
  if (key !== undefined && older !== undefined && key !== older) {
    throw invalidData([
      {
        pointer: '/X-Idempotency-Key',
        in: 'header',
        code: 'INVALID_VALUE',
        detail: 'Idempotency-Key and X-Idempotency-Key differ; send one key (or the same in both).',
      },
    ]);
  }
  return key ?? older;
}
