import type { Trx } from '../db/transact.js';
import { hotRead, runHotRead } from '../db/hot-reads.js';
import { newId } from '../lib/ids.js';
import { AppError } from '../lib/errors.js';
import { MAX_BALANCE_MINOR, formatAmount, type Asset } from '../lib/money.js';
import {
  applyRowChange,
  houseShardOf,
  readBalanceRow,
  type RowAfter,
} from './balances.repository.js';
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
  constructor(
    readonly accountId: string,
    readonly asset: Asset,
    reason: string,
  ) {
    super(`ledger row ${accountId}/${asset}: ${reason}`);
    this.name = 'LedgerConflictError';
  }
}

/** A customer row would go below zero: the caller's transaction must roll back (it is a refusal,
 *  INSUFFICIENT_BALANCE, not a bug). The one way the ledger refuses an overdraft, whether a hold
 *  (placeHold) or a transfer (postTransfer) asked; the request path maps it to its problem. */
export class InsufficientFundsError extends LedgerConflictError {
  constructor(accountId: string, asset: Asset) {
    super(accountId, asset, 'would go below zero');
    this.name = 'InsufficientFundsError';
  }
}

/**
 * A customer's balance would pass MAX_BALANCE_MINOR. An AppError (422 BALANCE_LIMIT_EXCEEDED),
 * so a request path answers it as it is and its transaction rolls back; a settlement step fails
 * the operation with it instead (operations/lifecycle/settlement-step.ts). Only the customer whose
 * balance it is can meet it: house accounts never refuse (balances.repository.ts).
 */
export class BalanceLimitError extends AppError {
  constructor(
    readonly accountId: string,
    readonly asset: Asset,
  ) {
    super('BALANCE_LIMIT_EXCEEDED', {
      detail:
        `This would take the ${asset} balance of account ${accountId} above its maximum of ` +
        `${formatAmount(MAX_BALANCE_MINOR, asset)} ${asset}; nothing was moved.`,
    });
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
  const journalId = input.journalId ?? newId('journal', input.at);
  // One operation's journals land on one row of each house account (balances.repository.ts).
  const shard = houseShardOf(input.operationId ?? journalId);
  const afters: { values: bigint[]; row: RowAfter }[] = [];
  for (const [index, row] of rows.entries()) {
    const after = await applyRowChange(trx, row, input.at, shard);
    if (!after) {
      const current = await readBalanceRow(trx, row.accountId, row.asset);
      if (!current) {
        throw new LedgerConflictError(row.accountId, row.asset, 'no balance row (not opened)');
      }
      const credit = row.available + row.pending;
      if (credit > 0n && current.available + current.pending > MAX_BALANCE_MINOR - credit) {
        throw new BalanceLimitError(row.accountId, row.asset);
      }
      if (index === 0) return { kind: 'insufficient' };
      throw new InsufficientFundsError(row.accountId, row.asset);
    }
    afters.push({ values: balancesAfter(row, after), row: after });
  }
  await runHotRead(trx, INSERT_JOURNAL, {
    id: journalId,
    kind: input.kind,
    operation_id: input.operationId,
    description: input.description,
    created_at: input.at,
  });
  await trx
    .insertInto('ledger_entries')
    .values(
      rows.flatMap((row, r) =>
        row.postings.map((p, i) => ({
          id: newId('entry', input.at),
          journal_id: journalId,
          // A house posting lands on the row that took it (balances.repository.ts).
          account_id: afters[r]!.row.account_id,
          asset: p.asset,
          bucket: p.bucket,
          direction: p.direction,
          amount: p.amount,
          balance_after: afters[r]!.values[i]!,
          operation_id: input.operationId,
          description: input.description,
          created_at: afters[r]!.row.updated_at,
          position: entryPosition(afters[r]!.row, i),
        })),
      ),
    )
    .execute();
  return { kind: 'posted', journalId };
}

/**
 * Where an entry sits in its balance row's history, as fixed-width digits (text compares them
 * in numeric order on both engines): booking time, row version, index within the journal.
 */
export function entryPosition(
  row: Pick<RowAfter, 'updated_at' | 'version'>,
  index: number,
): string {
  return (
    String(row.updated_at).padStart(15, '0') +
    String(row.version).padStart(12, '0') +
    String(index).padStart(3, '0')
  );
}

/** A journal's row: a hot statement (db/hot-reads.ts), one per journal of every money path. */
const INSERT_JOURNAL = hotRead(
  'insert_ledger_journal',
  ['id', 'kind', 'operation_id', 'description', 'created_at'],
  (db, journal: NewJournalRow) => db.insertInto('ledger_journals').values(journal),
);

type NewJournalRow = {
  id: string;
  kind: JournalKind;
  operation_id: string | null;
  description: string;
  created_at: number;
};
