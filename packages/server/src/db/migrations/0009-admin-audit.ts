import type { Kysely } from 'kysely';

/**
 * The back-office audit log (docs/admin.md "Audit log"): one row per admin action, written in
 * the same transaction as the change it records. Append-only by convention: nothing updates or
 * deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    // JSON snapshots of the subject as an operator sees it; never secrets.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Keyset pagination: the whole log, and filtered by action or by subject.
  await db.schema
    .createIndex('admin_actions_created')
    .on('admin_actions')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_actions_action_created')
    .on('admin_actions')
    .columns(['action', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_actions_subject_created')
    .on('admin_actions')
    .columns(['subject_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_actions').execute();
}
