import type { Db } from '../db/database.js';
import type { RailReconciliation } from './rail.js';

/** Keeps a reconciliation's report (a record for operators; nothing reads it to move money). */
export async function storeReconciliation(db: Db, report: RailReconciliation): Promise<void> {
  await db
    .insertInto('rail_reconciliations')
    .values({
      id: report.id,
      rail: report.rail,
      outcome: report.outcome,
      report: JSON.stringify(report),
      created_at: report.at,
    })
    .execute();
}

/**
 * The rail's newest reconciliation, whoever ran it (the job, `cofre rails reconcile`); with
 * `compared`, the newest that compared.
 */
export async function latestReconciliation(
  db: Db,
  rail: string,
  options: { compared?: boolean } = {},
): Promise<RailReconciliation | undefined> {
  let query = db.selectFrom('rail_reconciliations').select('report').where('rail', '=', rail);
  // The metrics keep the last difference measured through a run that could not compare.
  if (options.compared) query = query.where('outcome', '<>', 'NOT_COMPARED');
  const row = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.report) as RailReconciliation) : undefined;
}
