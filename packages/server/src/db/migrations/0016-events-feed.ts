import type { Kysely } from 'kysely';

/**
 * Issue 15, point 3 (the events feed, GET /v1/events, and its retention job):
 * - `events_customer_type_created` and `events_customer_resource_created`: the feed filtered by
 *   type or by resource id walks (customer, filter, created_at, id) in index order, like the
 *   unfiltered feed walks `events_customer_created` (0002).
 * - `events_created`: the retention job finds the oldest events of every customer in order.
 * - `messages_event`: the deliveries of a page of events in one index lookup, and the retention
 *   job's "does this event still have an unsettled message" check (index only, status included).
 * - `execution_logs_message`: the retention job deletes an expired message's attempts by message
 *   (execution_logs.message_id references messages.id, so they go first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('events_customer_type_created')
    .on('events')
    .columns(['customer_id', 'type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('events_customer_resource_created')
    .on('events')
    .columns(['customer_id', 'resource_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('events_created')
    .on('events')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_event')
    .on('messages')
    .columns(['event_id', 'status'])
    .execute();
  await db.schema
    .createIndex('execution_logs_message')
    .on('execution_logs')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'execution_logs_message',
    'messages_event',
    'events_created',
    'events_customer_resource_created',
    'events_customer_type_created',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
