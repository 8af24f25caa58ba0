import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import type { MessageStatus } from '../messages/messages.table.js';

/** A message in one of these states will never be attempted again on its own. */
export const SETTLED_MESSAGE_STATUSES: readonly MessageStatus[] = [
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
];

export interface RetentionBatch {
  events: number;
  messages: number;
  executionLogs: number;
}

/** Statement parameters per `IN (…)` list: well under both engines' limits. */
const CHUNK = 500;

/**
 * The oldest expired events that may go: every message settled and no job queued for any
 * (events_created, then messages_event and jobs_subject per candidate). A read, so any handle
 * will do; deleteExpiredEvents runs it in the transaction that deletes what it finds.
 */
export function expiredEventsQuery(db: Db, options: { before: number; limit: number }) {
  return db
    .selectFrom('events as e')
    .select('e.id')
    .where('e.created_at', '<', options.before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('messages as m')
            .select(sql`1`.as('one'))
            .whereRef('m.event_id', '=', 'e.id')
            .where((inner) =>
              inner.or([
                inner('m.status', 'not in', SETTLED_MESSAGE_STATUSES),
                inner.exists(
                  inner
                    .selectFrom('jobs as j')
                    .select(sql`1`.as('one'))
                    .whereRef('j.subject_id', '=', 'm.id'),
                ),
              ]),
            ),
        ),
      ),
    )
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(options.limit);
}

/**
 * Deletes up to `limit` events created before `before`, oldest first, with their messages and
 * the attempts of those (docs/webhooks.md "Retention"). An event is kept while any of its
 * messages is unsettled (PENDING, HELD) or has a job queued (a resend): what may still be sent
 * stays readable. The order follows the foreign keys: execution_logs → messages → events.
 * Run it inside one transaction: either the whole batch goes or none of it.
 */
export async function deleteExpiredEvents(
  trx: Trx,
  options: { before: number; limit: number },
): Promise<RetentionBatch> {
  const expired = await expiredEventsQuery(trx, options).execute();
  const eventIds = expired.map((e) => e.id);
  const result: RetentionBatch = { events: 0, messages: 0, executionLogs: 0 };
  for (let i = 0; i < eventIds.length; i += CHUNK) {
    const chunk = eventIds.slice(i, i + CHUNK);
    const messageIds = (
      await trx.selectFrom('messages').select('id').where('event_id', 'in', chunk).execute()
    ).map((m) => m.id);
    for (let j = 0; j < messageIds.length; j += CHUNK) {
      const logs = await trx
        .deleteFrom('execution_logs')
        .where('message_id', 'in', messageIds.slice(j, j + CHUNK))
        .executeTakeFirst();
      result.executionLogs += Number(logs.numDeletedRows);
    }
    const messages = await trx
      .deleteFrom('messages')
      .where('event_id', 'in', chunk)
      .executeTakeFirst();
    result.messages += Number(messages.numDeletedRows);
    const events = await trx.deleteFrom('events').where('id', 'in', chunk).executeTakeFirst();
    result.events += Number(events.numDeletedRows);
  }
  return result;
}
