import type { Generated, Selectable } from 'kysely';
import type { SignatureFormat } from '../signing/signature-formats.js';
import type { SigningKey } from '../signing/signing-keys.js';

/**
 * ACTIVE sends; PAUSED (by its owner) and DISABLED (by the worker, failing for longer than
 * COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS) hold new messages until PATCH status ACTIVE.
 */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED', 'DISABLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a PATCH may set: DISABLED is the worker's to set, never a client's. */
export const SETTABLE_SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED'] as const;

/**
 * How a subscription's messages leave the server: `http`, POSTed by the worker to its URL;
 * `listen`, taken by a `cofre listen` stream (webhooks/listen/), never by the worker.
 */
export const SUBSCRIPTION_TRANSPORTS = ['http', 'listen'] as const;
export type SubscriptionTransport = (typeof SUBSCRIPTION_TRANSPORTS)[number];

export interface SubscriptionsTable {
  id: string;
  customer_id: string;
  /**
   * The client that created it, or the one whose PATCH last chose `signing_key`
   * `client-secret`: with that binding, the key derived from this client's secret signs.
   */
  client_id: string;
  url: string;
  include_all: number;
  /** JSON: [{name, includeAll, events}] */
  resources: string;
  allow_retry: number;
  status: SubscriptionStatus;
  /** Attempts of this subscription in flight at once, across all workers (its fair queue). */
  max_concurrency: number;
  /** How deliveries are signed: `cofre` (default) or `standard-webhooks` (migration 0014). */
  signature_format: SignatureFormat;
  /** `listen`: no URL (empty); its messages go to the listen stream (migration 0015). */
  transport: SubscriptionTransport;
  /** Which key signs: its own secret, or its client's derived key (migration 0031). */
  signing_key: SigningKey;
  /** The last sequence number given to one of its messages; 0 before the first (migration 0031). */
  message_sequence: Generated<number>;
  /** JSON of the integrator's metadata (lib/metadata.ts), `{}` when none (migration 0017). */
  metadata: Generated<string>;
  /** Set while DISABLED: when the worker disabled it, and why (migration 0034). */
  disabled_at: number | null;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A subscription's `maxConcurrency` when it does not choose (capped by the server's maximum). */
export const DEFAULT_SUBSCRIPTION_CONCURRENCY = 4;

export type SubscriptionRow = Selectable<SubscriptionsTable>;
