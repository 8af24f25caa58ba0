import type { Db } from '../../db/database.js';
import type { ApiClient, ClientStatus, Customer, NewApiClient } from './customers.table.js';
import { hotRead, runHotRead } from '../../db/hot-reads.js';

export async function insertCustomer(db: Db, customer: Customer): Promise<void> {
  await db.insertInto('customers').values(customer).execute();
}

export async function insertApiClient(db: Db, client: NewApiClient): Promise<void> {
  await db.insertInto('api_clients').values(client).execute();
}

/** A client's restrictions (docs/api.md "Restricted clients and scopes"). */
const RESTRICTION_COLUMNS = [
  'permissions',
  'expires_at',
  'allowed_networks',
  'rate_limit',
  'account_ids',
] as const;

/** The few columns a token check needs (status, secret version, environment). */
export async function findClientState(db: Db, clientId: string) {
  const [row] = await runHotRead(db, CLIENT_STATE, { clientId });
  return row;
}

/** A client's state: a hot read (db/hot-reads.ts), each time the client-state cache refreshes. */
const CLIENT_STATE = hotRead('client_state', ['clientId'], (db, v: { clientId: string }) =>
  db
    .selectFrom('api_clients')
    .select(['status', 'secret_version', 'environment', ...RESTRICTION_COLUMNS])
    .where('id', '=', v.clientId),
);

export async function findApiClient(db: Db, clientId: string): Promise<ApiClient | undefined> {
  const [row] = await runHotRead(db, API_CLIENT, { clientId });
  return row;
}

/** A client, on every token request: a hot read (db/hot-reads.ts), its columns named. */
const API_CLIENT = hotRead('api_client', ['clientId'], (db, v: { clientId: string }) =>
  db
    .selectFrom('api_clients')
    .select([
      'id',
      'customer_id',
      'name',
      'environment',
      'secret_hash',
      'secret_version',
      'webhook_key',
      'previous_webhook_key',
      'previous_webhook_key_expires_at',
      'status',
      'created_at',
      'secret_rotated_at',
      ...RESTRICTION_COLUMNS,
    ])
    .where('id', '=', v.clientId),
);

/**
 * Replaces the secret and moves the current webhook key to `previous_webhook_key` until
 * `previousKeyExpiresAt` (or drops it, when null: no grace window). The right-hand sides read
 * the row as it was before this update on both engines, so the old key is the one kept.
 */
export async function updateClientSecret(
  db: Db,
  clientId: string,
  secret: { secretHash: string; webhookKey: string },
  rotatedAt: number,
  previousKeyExpiresAt: number | null,
): Promise<number | undefined> {
  const row = await db
    .updateTable('api_clients')
    .set((eb) => ({
      secret_hash: secret.secretHash,
      previous_webhook_key: previousKeyExpiresAt === null ? null : eb.ref('webhook_key'),
      previous_webhook_key_expires_at: previousKeyExpiresAt,
      webhook_key: secret.webhookKey,
      secret_version: eb('secret_version', '+', 1),
      secret_rotated_at: rotatedAt,
    }))
    .where('id', '=', clientId)
    .returning('secret_version')
    .executeTakeFirst();
  return row?.secret_version;
}

export async function countApiClients(db: Db): Promise<number> {
  const row = await db
    .selectFrom('api_clients')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Compare-and-set of a client's status (client-states.ts): moves it only from one of `from`. */
export function updateClientStatus(
  db: Db,
  clientId: string,
  from: readonly ClientStatus[],
  to: ClientStatus,
) {
  return db
    .updateTable('api_clients')
    .set({ status: to })
    .where('id', '=', clientId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
}

/** What the back-office may change of a client besides its status and secret. */
export interface ClientSettings {
  name?: string;
  permissions?: string | null;
  expires_at?: number | null;
  allowed_networks?: string | null;
  rate_limit?: number | null;
  account_ids?: string | null;
}

/** Writes the given settings; the number of rows changed (0: no such client). */
export async function updateClientSettings(
  db: Db,
  clientId: string,
  settings: ClientSettings,
): Promise<number> {
  const result = await db
    .updateTable('api_clients')
    .set(settings)
    .where('id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
