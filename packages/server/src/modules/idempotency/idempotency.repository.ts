import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hotRead, runHotRead } from '../../db/hot-reads.js';
import type { IdempotencyKeyRow } from './idempotency.table.js';

/** A key of one customer: every query here is scoped by both. */
export interface KeyRef {
  customerId: string;
  key: string;
}

/** Claims the key (IN_PROGRESS) unless a row exists; true when this call inserted it. */
export async function insertClaim(
  db: Db,
  ref: KeyRef,
  requestHash: string,
  now: number,
  expiresAt: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      customer_id: ref.customerId,
      key: ref.key,
      request_hash: requestHash,
      state: 'IN_PROGRESS',
      response_status: null,
      response_body: null,
      created_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) => oc.columns(['customer_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findKey(db: Db, ref: KeyRef): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('customer_id', '=', ref.customerId)
    .where('key', '=', ref.key)
    .executeTakeFirst();
}

/**
 * Stores the response; run in the caller's transaction so it commits with the result. A hot
 * statement (db/hot-reads.ts): every idempotent creating request runs it.
 */
export async function markDone(db: Db, ref: KeyRef, status: number, body: unknown): Promise<void> {
  const done = { ...ref, status, body: JSON.stringify(body) };
  await runHotRead(db, MARK_DONE, done);
}

const MARK_DONE = hotRead(
  'idempotency_mark_done',
  ['status', 'body', 'customerId', 'key'],
  (db, v: { customerId: string; key: string; status: number; body: string }) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: sql.lit('DONE'), response_status: v.status, response_body: v.body })
      .where('customer_id', '=', v.customerId)
      .where('key', '=', v.key),
);

/** Frees a claim whose request failed, so the same key may be retried. */
export async function deleteInProgress(db: Db, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('customer_id', '=', ref.customerId)
    .where('key', '=', ref.key)
    .where('state', '=', 'IN_PROGRESS')
    .execute();
}

/** Drops an expired or abandoned row, only if it is still the one that was read. */
export async function deleteStale(db: Db, ref: KeyRef, createdAt: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('customer_id', '=', ref.customerId)
    .where('key', '=', ref.key)
    .where('created_at', '=', createdAt)
    .execute();
}
