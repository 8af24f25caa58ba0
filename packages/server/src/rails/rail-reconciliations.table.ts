/** Every reconciliation a rail ran (migration 0026, docs/rails.md "Reconciliation"). */
export interface RailReconciliationsTable {
  id: string;
  /** The rail's name, e.g. `evm:ETHEREUM`. */
  rail: string;
  /** What the run came to: every difference zero, some not, or no comparison possible. */
  outcome: ReconciliationOutcome;
  /** The whole report (RailReconciliation), JSON with amounts as decimal strings. */
  report: string;
  created_at: number;
}

export const RECONCILIATION_OUTCOMES = ['MATCHED', 'DIFFERENT', 'NOT_COMPARED'] as const;
export type ReconciliationOutcome = (typeof RECONCILIATION_OUTCOMES)[number];
