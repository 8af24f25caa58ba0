import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalidData } from '../../lib/errors.js';

/** Records the response inside the caller's transaction, so the result and its record commit together. */
export type CompleteIdempotent = (trx: Db, status: number, body: unknown) => Promise<void>;

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** An IN_PROGRESS claim this old was left by a request that died before committing anything. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * Idempotency keys (BRIEF "Idempotency"): the same key with the same request gives the original
 * response again (`Idempotent-Replayed: true`); with a different request, 422
 * IDEMPOTENCY_CONFLICT; while the first is still running, 409 IDEMPOTENCY_IN_PROGRESS. Keys are
 * per customer and kept for `ttlMs` (at least 24 h). Only successful responses are kept: a
 * request that failed may be retried with the same key.
 */
export class IdempotencyService {
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
    if (key === undefined) return { ...(await execute(async () => {})), replayed: false };
    if (!KEY_PATTERN.test(key)) {
      throw invalidData([
        {
          pointer: '/Idempotency-Key',
          in: 'header',
          code: 'INVALID_FORMAT',
          detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
        },
      ]);
    }
    const requestHash = createHash('sha256').update(fingerprint).digest('base64url');
    const replay = await this.claim(customerId, key, requestHash);
    if (replay) return { ...(replay as { status: number; body: T }), replayed: true };
    try {
      return {
        ...(await execute(async (trx, status, body) => {
          await trx
            .updateTable('idempotency_keys')
            .set({ state: 'DONE', response_status: status, response_body: JSON.stringify(body) })
            .where('customer_id', '=', customerId)
            .where('key', '=', key)
            .execute();
        })),
        replayed: false,
      };
    } catch (error) {
      await this.db
        .deleteFrom('idempotency_keys')
        .where('customer_id', '=', customerId)
        .where('key', '=', key)
        .where('state', '=', 'IN_PROGRESS')
        .execute();
      throw error;
    }
  }

  /** Claims the key for this request, or returns the stored response to replay. */
  private async claim(
    customerId: string,
    key: string,
    requestHash: string,
  ): Promise<{ status: number; body: unknown } | undefined> {
    for (let round = 0; round < 2; round++) {
      const now = this.clock.now();
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({
          customer_id: customerId,
          key,
          request_hash: requestHash,
          state: 'IN_PROGRESS',
          response_status: null,
          response_body: null,
          created_at: now,
          expires_at: now + this.ttlMs,
        })
        .onConflict((oc) => oc.columns(['customer_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return undefined;
      const existing = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!existing) continue; // deleted in between: try again
      const stale =
        existing.expires_at <= now ||
        (existing.state === 'IN_PROGRESS' && now - existing.created_at > ABANDONED_AFTER_MS);
      if (stale) {
        await this.db
          .deleteFrom('idempotency_keys')
          .where('customer_id', '=', customerId)
          .where('key', '=', key)
          .where('created_at', '=', existing.created_at)
          .execute();
        continue;
      }
      if (existing.request_hash !== requestHash) {
        throw new AppError('IDEMPOTENCY_CONFLICT', {
          detail: 'This Idempotency-Key was already used with a different request; use a new key.',
        });
      }
      if (existing.state === 'IN_PROGRESS') {
        throw new AppError('IDEMPOTENCY_IN_PROGRESS', {
          detail: 'A request with this Idempotency-Key is still being processed; retry shortly.',
          headers: { 'retry-after': '1' },
        });
      }
      return {
        status: existing.response_status ?? 200,
        body: JSON.parse(existing.response_body ?? 'null') as unknown,
      };
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', {
      detail: 'Could not claim the Idempotency-Key; retry.',
      headers: { 'retry-after': '1' },
    });
  }
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

/** The key from `Idempotency-Key`, or the older `X-Idempotency-Key`. */
export function idempotencyKeyOf(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const value = headers['idempotency-key'] ?? headers['x-idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}
