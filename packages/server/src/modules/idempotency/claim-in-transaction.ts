import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import { hotRead, runHotRead } from '../../db/hot-reads.js';
import type { Trx } from '../../db/transact.js';
import type { KeyRef } from './idempotency.repository.js';

/**
 * Claims the key as the first statement of the operation's own transaction (IN_PROGRESS, made
 * DONE by `markDone` in the same transaction); true when this call inserted it. False when the
 * key has a row already, or (PostgreSQL) another transaction is claiming it right now: the
 * caller then rolls back and answers from the stored row, or 409 (idempotency.service.ts).
 *
 * On PostgreSQL the insert is conditional on an advisory lock of the key held until commit,
 * never waited for: a concurrent duplicate would otherwise wait on the first one's uncommitted
 * row (holding a pool connection) instead of being answered 409 at once. Two different keys
 * hashing alike only make one of two simultaneous first requests a 409 (retry-after 1). On
 * SQLite the condition is true: its one writer has run every earlier transaction to its end.
 */
export async function claimInTransaction(
  trx: Trx,
  ref: KeyRef,
  requestHash: string,
  now: number,
  expiresAt: number,
): Promise<boolean> {
  const claim = {
    customerId: ref.customerId,
    key: ref.key,
    lockKey: `${ref.customerId}\n${ref.key}`,
    requestHash,
    now,
    expiresAt,
  };
  const inserted = await runHotRead(trx, CLAIM, claim);
  return inserted.length > 0;
}

// A type, not an interface: a hot statement's values are a record of named values.
type Claim = {
  customerId: string;
  key: string;
  lockKey: string;
  requestHash: string;
  now: number;
  expiresAt: number;
};

/** A hot statement (db/hot-reads.ts): every idempotent withdrawal runs it. */
const CLAIM = hotRead(
  'idempotency_claim_in_transaction',
  ['customerId', 'key', 'lockKey', 'requestHash', 'now', 'expiresAt'],
  (db, v: Claim) =>
    db
      .insertInto('idempotency_keys')
      .columns(['customer_id', 'key', 'request_hash', 'state', 'created_at', 'expires_at'])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.cast<string>(eb.val(v.customerId), 'text').as('customer_id'),
            eb.cast<string>(eb.val(v.key), 'text').as('key'),
            eb.cast<string>(eb.val(v.requestHash), 'text').as('request_hash'),
            sql<'IN_PROGRESS'>`'IN_PROGRESS'`.as('state'),
            eb.cast<number>(eb.val(v.now), 'bigint').as('created_at'),
            eb.cast<number>(eb.val(v.expiresAt), 'bigint').as('expires_at'),
          ])
          // SQLite also needs a WHERE here: it tells the upsert's ON CONFLICT from a join's ON.
          .where(dialectOf(db).tryLockUntilCommit(sql.val(v.lockKey))),
      )
      .onConflict((oc) => oc.columns(['customer_id', 'key']).doNothing())
      .returning('key'),
);
