import type { Environment } from '../../config/environment.js';
import { DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS } from '../../config/load-config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { deriveWebhookKey, generateSecret, hashSecret } from '../../lib/secrets.js';
import type { ClientSettings } from './customers.repository.js';
import {
  findApiClient,
  insertApiClient,
  insertCustomer,
  updateClientSecret,
} from './customers.repository.js';

/** What onboarding hands a new integrator. The secret exists here and nowhere else. */
export interface IssuedCredentials {
  customerId: string;
  clientId: string;
  clientSecret: string;
}

/** Creates a customer with one API client, in one transaction. */
export async function createCustomerWithClient(
  db: Db,
  input: { name: string; environment: Environment },
  clock: Clock,
): Promise<IssuedCredentials> {
  return db.transaction().execute((trx) => insertCustomerWithClient(trx, input, clock.now()));
}

/**
 * Inserts a customer and its first API client on `db`, which the caller makes a transaction
 * (the back-office writes its audit row in the same one).
 */
export async function insertCustomerWithClient(
  db: Db,
  input: { name: string; environment: Environment },
  now: number,
): Promise<IssuedCredentials> {
  const customerId = newId('customer', now);
  await insertCustomer(db, { id: customerId, name: input.name, created_at: now });
  const { clientId, clientSecret } = await issueApiClient(db, customerId, input, now);
  return { customerId, clientId, clientSecret };
}

/** Inserts one more ACTIVE API client for an existing customer; the secret exists only here. */
export async function issueApiClient(
  db: Db,
  customerId: string,
  input: { name: string; environment: Environment; settings?: ClientSettings },
  now: number,
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = newId('client', now);
  const clientSecret = generateSecret();
  await insertApiClient(db, {
    id: clientId,
    customer_id: customerId,
    name: input.name,
    environment: input.environment,
    secret_hash: hashSecret(clientSecret),
    webhook_key: deriveWebhookKey(clientSecret),
    previous_webhook_key: null,
    previous_webhook_key_expires_at: null,
    secret_version: 1,
    status: 'ACTIVE',
    created_at: now,
    secret_rotated_at: now,
    permissions: input.settings?.permissions ?? null,
    expires_at: input.settings?.expires_at ?? null,
    allowed_networks: input.settings?.allowed_networks ?? null,
    rate_limit: input.settings?.rate_limit ?? null,
    account_ids: input.settings?.account_ids ?? null,
  });
  return { clientId, clientSecret };
}

/**
 * Replaces a client's secret. Tokens issued under the old secret stop working (their `ver` claim
 * no longer matches); see docs/api.md for how fast that reaches every process. Webhook messages
 * created in the next `webhookKeyGraceSeconds` are signed with the new and the old key, so
 * receivers can switch secrets without rejecting deliveries (docs/webhooks.md); a second
 * rotation within the window keeps only the key it replaces.
 */
export async function rotateClientSecret(
  db: Db,
  clientId: string,
  clock: Clock,
  options: { webhookKeyGraceSeconds?: number } = {},
): Promise<{ clientId: string; clientSecret: string; secretVersion: number }> {
  const clientSecret = generateSecret();
  const now = clock.now();
  const graceMs =
    (options.webhookKeyGraceSeconds ?? DEFAULT_WEBHOOK_KEY_ROTATION_GRACE_SECONDS) * 1000;
  const version = await updateClientSecret(
    db,
    clientId,
    { secretHash: hashSecret(clientSecret), webhookKey: deriveWebhookKey(clientSecret) },
    now,
    graceMs > 0 ? now + graceMs : null,
  );
  if (version === undefined) {
    throw new AppError('RESOURCE_NOT_FOUND', {
      detail: `API client ${clientId} was not found.`,
    });
  }
  return { clientId, clientSecret, secretVersion: version };
}

export { findApiClient };
