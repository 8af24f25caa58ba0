import type { Db } from '../../db/database.js';
import type {
  SubscriptionStatus,
  SubscriptionTransport,
} from '../subscriptions/subscriptions.table.js';
import type { MessageStatus } from '../messages/messages.table.js';
import type { SignatureFormat } from '../signing/signature-formats.js';
import type { StoredSecrets } from '../signing/subscription-secret.js';
import { signingSecretsOf } from '../signing/signing-keys.js';

/** Everything an attempt needs about a message, read in one query. */
export interface MessageContext {
  id: string;
  customerId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  /** Its number among its subscription's messages (X-Message-Sequence). */
  sequence: number;
  status: MessageStatus;
  attempts: number;
  headers: Record<string, string>;
  body: string;
  url: string;
  allowRetry: boolean;
  subscriptionStatus: SubscriptionStatus;
  subscriptionDeleted: boolean;
  /**
   * The subscription's format and secrets as of this read (attempt-headers.ts signs with them):
   * its own or its client's, as its signing key says (signing-keys.ts).
   */
  signatureFormat: SignatureFormat;
  secrets: StoredSecrets;
  /** `listen`: the cofre listen stream sends it, never the worker (webhooks/listen/). */
  transport: SubscriptionTransport;
}

const selectContexts = (db: Db) =>
  db
    .selectFrom('messages as m')
    .innerJoin('subscriptions as s', 's.id', 'm.subscription_id')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .innerJoin('subscription_secrets as k', 'k.subscription_id', 'm.subscription_id')
    .innerJoin('api_clients as c', 'c.id', 's.client_id')
    .select([
      'm.id',
      'm.customer_id',
      'm.subscription_id',
      'm.event_id',
      'm.event_type',
      'm.sequence',
      'm.status',
      'm.attempts',
      'm.headers',
      'e.payload',
      's.url',
      's.allow_retry',
      's.status as subscription_status',
      's.deleted_at',
      's.signature_format',
      's.signing_key',
      'k.secret',
      'k.previous_secret',
      'k.previous_secret_expires_at',
      'k.private_key',
      'k.previous_private_key',
      'k.previous_private_key_expires_at',
      'c.webhook_key',
      'c.previous_webhook_key',
      'c.previous_webhook_key_expires_at',
      's.transport',
    ]);

type ContextRow = Awaited<ReturnType<ReturnType<typeof selectContexts>['executeTakeFirstOrThrow']>>;

export async function loadMessageContext(
  db: Db,
  messageId: string,
): Promise<MessageContext | undefined> {
  const row = await selectContexts(db).where('m.id', '=', messageId).executeTakeFirst();
  return row && toContext(row);
}

/** Contexts of many messages in one query (a claimed batch). */
export async function loadMessageContexts(db: Db, messageIds: string[]): Promise<MessageContext[]> {
  if (messageIds.length === 0) return [];
  const rows = await selectContexts(db).where('m.id', 'in', messageIds).execute();
  return rows.map(toContext);
}

function toContext(row: ContextRow): MessageContext {
  return {
    id: row.id,
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
    eventId: row.event_id,
    eventType: row.event_type,
    sequence: Number(row.sequence),
    status: row.status,
    attempts: row.attempts,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.payload,
    url: row.url,
    allowRetry: row.allow_retry === 1,
    subscriptionStatus: row.subscription_status,
    subscriptionDeleted: row.deleted_at !== null,
    signatureFormat: row.signature_format,
    secrets: signingSecretsOf(
      row.signing_key,
      {
        secret: row.secret,
        previousSecret: row.previous_secret,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      },
      {
        webhookKey: row.webhook_key,
        previousWebhookKey: row.previous_webhook_key,
        previousWebhookKeyExpiresAt: row.previous_webhook_key_expires_at,
      },
      {
        privateKey: row.private_key,
        previousPrivateKey: row.previous_private_key,
        previousPrivateKeyExpiresAt: row.previous_private_key_expires_at,
      },
    ),
    transport: row.transport,
  };
}
