import type { Insertable, Selectable, Updateable } from 'kysely';

export interface CustomersTable {
  id: string;
  name: string;
  created_at: number;
}

export const CLIENT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export interface ApiClientsTable {
  id: string;
  customer_id: string;
  name: string;
  /** The environment the client was issued in; it cannot obtain tokens in the other one. */
  environment: string;
  secret_hash: string;
  /** Incremented on every rotation; tokens carry it and die when it moves on. */
  secret_version: number;
  /** HMAC key for webhook signatures, derived from the secret (docs/webhooks.md). */
  webhook_key: string;
  /** The key before the last rotation, still signing alongside the new one until it expires. */
  previous_webhook_key: string | null;
  /** End of the rotation grace window (epoch ms); null when there is no previous key. */
  previous_webhook_key_expires_at: number | null;
  status: ClientStatus;
  created_at: number;
  secret_rotated_at: number;
  /** The client's level per resource, JSON (lib/scopes.ts Permissions); null is full access. */
  permissions: string | null;
  /** When the client stops working (epoch ms); null is never. */
  expires_at: number | null;
  /** JSON array of the CIDR blocks it may be used from; null is anywhere. */
  allowed_networks: string | null;
  /** Requests per minute on /v1 for this client (migration 0033); null: the deployment's default. */
  rate_limit: number | null;
  /**
   * JSON array of the customer's account ids the client is bound to (migration 0036); null is
   * every account of the customer.
   */
  account_ids: string | null;
}

export type Customer = Selectable<CustomersTable>;
export type ApiClient = Selectable<ApiClientsTable>;
export type NewApiClient = Insertable<ApiClientsTable>;
export type ApiClientUpdate = Updateable<ApiClientsTable>;
