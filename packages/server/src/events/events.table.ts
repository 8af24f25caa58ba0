export interface EventsTable {
  id: string;
  customer_id: string;
  type: string;
  resource: string;
  resource_id: string;
  /** The exact JSON body every delivery of this event sends. */
  payload: string;
  /** W3C trace context of the request that caused it (docs/tracing.md); null without one. */
  traceparent: string | null;
  tracestate: string | null;
  created_at: number;
}
