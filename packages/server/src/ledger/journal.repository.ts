import type { Trx } from '../db/transact.js';
import { newId } from '../lib/ids.js';
import type { Asset } from '../lib/money.js';
import { applyRowChange, balanceRowExists } from './balances.repository.js';
import type { JournalKind } from './ledger.tables.js';
import { balancesAfter, planJournal, type Posting } from './postings.js';

export interface JournalInput {
  kind: JournalKind;
  postings: readonly Posting[];
  operationId: string | null;
  description: string;
  at: number;
  /** Given when the caller has already stored a reference to the journal. */
  journalId?: string;
}

export type JournalResult = { kind: 'posted'; journalId: string } | { kind: 'insufficient' };

/** A balance row other than the first could not take its change: the caller's transaction must
 *  roll back, since earlier rows of the journal have already moved. */
export class LedgerConflictError extends Error {
  constructor(readonly accountId: string, readonly asset: Asset, reason: string) {
    super(`ledger row ${accountId}/${asset}: ${reason}`);
    this.name = 'LedgerConflictError';
  }
}

/**
 * Posts one balanced journal: balance rows first (conditional updates, in lock order), then the
 * journal and its entries, each with the value of its bucket after it. Writing before reading
 * keeps SQLite from failing a deferred transaction with BUSY_SNAPSHOT (docs/architecture.md).
 *
 * `insufficient` is returned only when the first row refuses, so nothing has moved; a refusal
 * further on throws LedgerConflictError for the caller's transaction to roll back.
 */
export async function postJournal(trx: Trx, input: JournalInput): Promise<JournalResult> {
  const rows = planJournal(input.postings);
  const afters: number[][] = [];
  for (const [index, row] of rows.entries()) {
    const after = await applyRowChange(trx, row, input.at);
    if (!after) {
      if (!(await balanceRowExists(trx, row.accountId, row.asset))) {
        throw new LedgerConflictError(row.accountId, row.asset, 'no balance row (not opened)');
      }
      if (index === 0) return { kind: 'insufficient' };
      throw new LedgerConflictError(row.accountId, row.asset, 'would go below zero');
    }
    afters.push(balancesAfter(row, after));
  }
  const journalId = input.journalId ?? newId('journal', input.at);
  await trx
    .insertInto('ledger_journals')
    .values({
      id: journalId,
      kind: input.kind,
      operation_id: input.operationId,
      description: input.description,
      created_at: input.at,
    })
    .execute();
  await trx
    .insertInto('ledger_entries')
    .values(
      rows.flatMap((row, r) =>
        row.postings.map((p, i) => ({
          id: newId('entry', input.at),
          journal_id: journalId,
          account_id: p.accountId,
          asset: p.asset,
          bucket: p.bucket,
          direction: p.direction,
          amount: p.amount,
          balance_after: afters[r]![i]!,
          operation_id: input.operationId,
          description: input.description,
          created_at: input.at,
        })),
      ),
    )
    .execute();
  return { kind: 'posted', journalId };
}
