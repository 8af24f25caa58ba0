import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 27, points 5 and 7 (docs/webhooks.md "Sequence numbers" and "Signing with the client
 * secret"):
 *
 * - `messages.sequence`: each message's place among its subscription's messages, 1, 2, 3, …
 *   with no gap and no repeat, unique per subscription (`messages_subscription_sequence`, which
 *   also serves `GET /v1/subscriptions/{id}/messages?afterSequence=`).
 * - `subscriptions.message_sequence`: the last sequence given to one of its messages; the
 *   fan-out adds its new messages' count to it in the transaction that writes them.
 * - `subscriptions.signing_key`: `subscription-secret` (its own `whsec_…`, the default) or
 *   `client-secret` (the key derived from its client's secret, the spec's binding).
 *
 * Messages that exist already are numbered per subscription in creation order (created_at,
 * then id: within one subscription ids sort in event order), in one statement, and each
 * subscription's counter set to its highest number. On PostgreSQL the column is then NOT NULL:
 * a worker of the previous version still running during a deploy cannot write a message without
 * a number (its fan-out fails and a new worker runs it again). SQLite adds a column only
 * nullable or with a default, and has one process writing, so there it stays nullable; the
 * fan-out always sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('sequence', 'bigint').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('message_sequence', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('signing_key', 'text', (c) => c.notNull().defaultTo('subscription-secret'))
    .execute();
  await backfillSequences(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await db.schema
      .alterTable('messages')
      .alterColumn('sequence', (c) => c.setNotNull())
      .execute();
  }
  await db.schema
    .createIndex('messages_subscription_sequence')
    .on('messages')
    .columns(['subscription_id', 'sequence'])
    .unique()
    .execute();
  await setCounters(db);
}

/**
 * One UPDATE … FROM over a window function (both engines: PostgreSQL, SQLite ≥ 3.33): each
 * message's row number within its subscription, by (created_at, id).
 */
async function backfillSequences(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE messages SET sequence = numbered.n
    FROM (
      SELECT id, row_number() OVER (PARTITION BY subscription_id ORDER BY created_at, id) AS n
      FROM messages
    ) AS numbered
    WHERE messages.id = numbered.id
  `.execute(db);
}

/** Each subscription's counter: its highest number, the last entry of the new index. */
async function setCounters(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE subscriptions SET message_sequence = coalesce(
      (SELECT max(m.sequence) FROM messages m WHERE m.subscription_id = subscriptions.id), 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_subscription_sequence').execute();
  await db.schema.alterTable('subscriptions').dropColumn('signing_key').execute();
  await db.schema.alterTable('subscriptions').dropColumn('message_sequence').execute();
  await db.schema.alterTable('messages').dropColumn('sequence').execute();
}
