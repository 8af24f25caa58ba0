import type { ColumnType } from 'kysely';

export interface EventsTable {
  id: string;
  customer_id: string;
  type: string;
  resource: string;
  resource_id: string;
  /** The exact JSON body every delivery of this event sends. */
  payload: string;
  /**
   * W3C trace context of the request that caused it (docs/tracing.md); null without one.
   * Optional on insert (migration 0013 added them as nullable columns).
   */
  traceparent: ColumnType<string | null, string | null | undefined, string | null>;
  tracestate: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}
