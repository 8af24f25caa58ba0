import type { Selectable } from 'kysely';
import type { SignatureFormat } from '../signing/signature-formats.js';

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionsTable {
  id: string;
  customer_id: string;
  /** The client that created it; its secret signs the deliveries. */
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
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A subscription's `maxConcurrency` when it does not choose (capped by the server's maximum). */
export const DEFAULT_SUBSCRIPTION_CONCURRENCY = 4;

export type SubscriptionRow = Selectable<SubscriptionsTable>;
