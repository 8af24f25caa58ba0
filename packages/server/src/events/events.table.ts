export interface EventsTable {
  id: string;
  customer_id: string;
  type: string;
  resource: string;
  resource_id: string;
  /** The exact JSON body every delivery of this event sends. */
  payload: string;
  created_at: number;
}
