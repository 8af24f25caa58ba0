import { sql, type Selectable } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import { hotRead, runHotRead } from '../../db/hot-reads.js';
import type { Trx } from '../../db/transact.js';
import type { EventsTable } from './events.table.js';

export type EventRow = Selectable<EventsTable>;

/**
 * Writes the event and answers whether its customer has a live subscription (then the caller
 * writes the fan-out job): one statement on PostgreSQL (a data-modifying CTE and the read, one
 * round trip fewer per event), two on SQLite, in the process. Hot statements (db/hot-reads.ts):
 * every request that records an event runs them.
 */
export async function insertEventAndAskSubscribed(trx: Trx, event: EventRow): Promise<boolean> {
  if (dialectOf(trx).writesInOneStatement) {
    const [row] = await runHotRead(trx, INSERT_EVENT_ASK_SUBSCRIBED, event);
    return row !== undefined;
  }
  await runHotRead(trx, INSERT_EVENT, event);
  const [row] = await runHotRead(trx, SUBSCRIBED, event);
  return row !== undefined;
}

const EVENT_COLUMNS = [
  'id',
  'customer_id',
  'type',
  'resource',
  'resource_id',
  'payload',
  'traceparent',
  'tracestate',
  'created_at',
] as const satisfies readonly (keyof EventRow)[];

const INSERT_EVENT = hotRead('insert_event', EVENT_COLUMNS, (db, event: EventRow) =>
  db.insertInto('events').values(event),
);

/** A live subscription of the customer, if any (its id; one row at most). */
const SUBSCRIBED = hotRead(
  'customer_subscribed',
  ['customer_id'],
  (db, event: Pick<EventRow, 'customer_id'>) =>
    db
      .selectFrom('subscriptions')
      .select('id')
      .where('customer_id', '=', event.customer_id)
      .where('deleted_at', 'is', null)
      .limit(sql.lit(1)),
);

// The read does not see the CTE's insert (one snapshot for the whole statement), nor needs to.
const INSERT_EVENT_ASK_SUBSCRIBED = hotRead(
  'insert_event_ask_subscribed',
  EVENT_COLUMNS,
  (db, event: EventRow) =>
    db
      .with('e', (db) => db.insertInto('events').values(event))
      .selectFrom('subscriptions')
      .select('id')
      .where('customer_id', '=', event.customer_id)
      .where('deleted_at', 'is', null)
      .limit(sql.lit(1)),
);
