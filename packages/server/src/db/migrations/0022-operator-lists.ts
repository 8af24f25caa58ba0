import type { Kysely } from 'kysely';

/**
 * Issue 18 (the console's operator view): the back-office lists every customer's customers,
 * payment instructions, operations and accounts (docs/admin.md "Finding what to act on"),
 * newest first with the keyset of every list. The customer API's indexes all start with
 * `customer_id`, so they serve the operator's lists only when a customer is named; these serve
 * the lists across customers, unfiltered and by each filter, as a range read in index order
 * (no sort, no scan of the table). A filter the list has no index of its own for is read
 * through the customer's index when the customer is known (an account names its customer).
 *
 * Cost: three more entries per operation row (and an update of the status one per transition),
 * two per account, two per payment instruction, one per customer.
 */
const INDEXES = [
  ['customers_created', 'customers', ['created_at', 'id']],
  ['accounts_created', 'accounts', ['created_at', 'id']],
  ['accounts_status_created', 'accounts', ['status', 'created_at', 'id']],
  ['payment_instructions_status_created', 'payment_instructions', ['status', 'created_at', 'id']],
  [
    'payment_instructions_customer_created',
    'payment_instructions',
    ['customer_id', 'created_at', 'id'],
  ],
  ['operations_created', 'operations', ['created_at', 'id']],
  ['operations_status_created', 'operations', ['status', 'created_at', 'id']],
  ['operations_type_created', 'operations', ['type', 'created_at', 'id']],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
