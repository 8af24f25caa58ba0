import { sql } from 'kysely';
import type { Trx } from '../../db/transact.js';
import { dialectOf, type Dialect } from '../../db/dialect.js';
import { moveState } from '../../lib/state-machine.js';
import type { AttemptStatus } from '../execution-logs/execution-logs.table.js';
import { MESSAGE_MACHINE } from './message-states.js';
import type { MessageRow, MessageStatus } from './messages.table.js';

/**
 * Every change of a message's status, each a compare-and-set through MESSAGE_MACHINE
 * (lib/state-machine.ts). Callers pass their transaction; 0 / [] means the message had already
 * moved on (paused, deleted, settled by another run), which is never an error.
 */

type MessageChanges = Partial<
  Pick<MessageRow, 'attempts' | 'last_attempt_at' | 'last_attempt_status' | 'updated_at'>
>;

/** Compare-and-set of one message to `to`, from `from` (checked against the machine). */
async function moveMessage(
  trx: Trx,
  messageId: string,
  to: MessageStatus,
  from: readonly MessageStatus[],
  changes: MessageChanges = {},
): Promise<boolean> {
  const moved = await moveState(MESSAGE_MACHINE, to, {
    from,
    update: (sources) =>
      trx
        .updateTable('messages')
        .set({ ...changes, status: to })
        .where('id', '=', messageId)
        .where('status', 'in', sources)
        .executeTakeFirst(),
  });
  return moved > 0;
}

/** The message's current status, row-locked on PostgreSQL so a concurrent pause waits for us. */
export async function lockMessageStatus(
  trx: Trx,
  dialect: Dialect,
  messageId: string,
): Promise<MessageStatus | undefined> {
  const query = trx.selectFrom('messages').select('status').where('id', '=', messageId);
  const row = await dialect.forUpdate(query).executeTakeFirst();
  return row?.status;
}

/** What an automatic attempt did to its message (delivery/retry-policy.ts decides). */
export type AttemptSettlement = 'SUCCEEDED' | 'FAILED' | 'RETRY';

/**
 * Counts an automatic attempt. SUCCEEDED / FAILED settle a PENDING or HELD message; RETRY leaves
 * it where it is (PENDING: its job runs again; HELD: the resume queues it again).
 */
export async function settleAttempt(
  trx: Trx,
  messageId: string,
  attempt: { settlement: AttemptSettlement; attempts: number; status: AttemptStatus; at: number },
): Promise<boolean> {
  const counted = {
    attempts: attempt.attempts,
    last_attempt_at: attempt.at,
    last_attempt_status: attempt.status,
    updated_at: attempt.at,
  };
  if (attempt.settlement === 'RETRY') {
    const result = await trx
      .updateTable('messages')
      .set(counted)
      .where('id', '=', messageId)
      .where('status', 'in', UNSETTLED)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  return moveMessage(trx, messageId, attempt.settlement, UNSETTLED, counted);
}

/** One message's automatic attempt, settled with others in one statement. */
export interface MessageSettlement {
  messageId: string;
  settlement: AttemptSettlement;
  attempts: number;
  status: AttemptStatus;
  at: number;
}

/** The statuses an automatic attempt settles from (settleAttempt, settleAttemptsTogether). */
const UNSETTLED: readonly MessageStatus[] = ['PENDING', 'HELD'];

/**
 * The current status of each of `messageIds`, row-locked in id order (one lock order for every
 * batch, and a concurrent pause waits for our commit). PostgreSQL only, as settleAttemptsTogether.
 */
export async function lockMessageStatuses(
  trx: Trx,
  messageIds: readonly string[],
): Promise<Pick<MessageRow, 'id' | 'status'>[]> {
  return dialectOf(trx)
    .forUpdate(
      trx
        .selectFrom('messages')
        .select(['id', 'status'])
        .where('id', 'in', messageIds)
        .orderBy('id'),
    )
    .execute();
}

/**
 * settleAttempt for many messages in one statement (UPDATE … FROM VALUES), the same moves: each
 * counted, SUCCEEDED / FAILED from PENDING or HELD, a RETRY only counted (status kept). Returns
 * the ids of the messages it changed. Both engines (a group commit's batch:
 * delivery/settle-attempts.ts).
 */
export async function settleAttemptsTogether(
  trx: Trx,
  settlements: readonly MessageSettlement[],
): Promise<string[]> {
  if (settlements.length === 0) return [];
  for (const to of new Set(settlements.map((s) => s.settlement))) {
    if (to !== 'RETRY' && !UNSETTLED.every((from) => MESSAGE_MACHINE.canMove(from, to)))
      throw new Error(`state machine: no move from ${UNSETTLED.join(', ')} to ${to}`);
  }
  // CAST, a WITH list of VALUES and UPDATE … FROM read the same on both engines.
  const { rows } = await sql<{ id: string }>`
    with v(id, settlement, attempts, at, attempt_status) as (values ${sql.join(
      settlements.map(
        (s) =>
          sql`(cast(${s.messageId} as text), cast(${s.settlement} as text), cast(${s.attempts} as integer), cast(${s.at} as bigint), cast(${s.status} as text))`,
      ),
    )})
    update messages set
      status = case when v.settlement = 'RETRY' then messages.status else v.settlement end,
      attempts = v.attempts, last_attempt_at = v.at, last_attempt_status = v.attempt_status,
      updated_at = v.at
    from v
    where messages.id = v.id and messages.status in (${sql.join(UNSETTLED)})
    returning messages.id`.execute(trx);
  return rows.map((row) => row.id);
}

/**
 * Records a manual resend on a settled message. A successful resend of a FAILED message makes
 * it SUCCEEDED (and answers true); a message in the middle of automatic retries keeps its own
 * course (untouched).
 */
export async function settleResend(
  trx: Trx,
  messageId: string,
  resend: { status: AttemptStatus; at: number },
): Promise<boolean> {
  await trx
    .updateTable('messages')
    .set({ last_attempt_at: resend.at, last_attempt_status: resend.status, updated_at: resend.at })
    .where('id', '=', messageId)
    .where('status', 'in', ['SUCCEEDED', 'FAILED'])
    .execute();
  return resend.status === 'SUCCESS' && moveMessage(trx, messageId, 'SUCCEEDED', ['FAILED']);
}

/** Holds one message whose subscription was paused after its job was queued. */
export async function holdMessage(
  trx: Trx,
  messageId: string,
  from: readonly MessageStatus[],
  at: number,
): Promise<boolean> {
  return moveMessage(trx, messageId, 'HELD', from, { updated_at: at });
}

/**
 * Moves every message of a subscription that is in one of `from` to `to`, and returns their ids
 * oldest first: pausing (PENDING → HELD), resuming (HELD → PENDING), deleting (PENDING, HELD →
 * CANCELLED). The caller cancels or queues their jobs in the same transaction.
 */
export async function moveMessagesOf(
  trx: Trx,
  subscriptionId: string,
  move: { from: readonly MessageStatus[]; to: MessageStatus; at: number },
): Promise<string[]> {
  let ids: string[] = [];
  await moveState(MESSAGE_MACHINE, move.to, {
    from: move.from,
    update: async (sources) => {
      const rows = await trx
        .updateTable('messages')
        .set({ status: move.to, updated_at: move.at })
        .where('subscription_id', '=', subscriptionId)
        .where('status', 'in', sources)
        .returning('id')
        .execute();
      ids = rows.map((row) => row.id).sort();
      return ids.length;
    },
  });
  return ids;
}
