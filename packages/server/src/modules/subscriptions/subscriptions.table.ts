import type { Selectable } from 'kysely';

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
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
