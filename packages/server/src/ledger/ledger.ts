import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { hotRead, runHotRead } from '../db/hot-reads.js';
import type { Trx } from '../db/transact.js';
import { newId } from '../lib/ids.js';
import { stateMachine } from '../lib/state-machine.js';
import type { Asset } from '../lib/money.js';
import {
  balanceRowExists,
  balancesOfAccounts,
  insertZeroBalances,
  type Balance,
} from './balances.repository.js';
import { placeHoldInOneStatement } from './place-hold-in-one-statement.js';
import {
  postJournal,
  BalanceLimitError,
  InsufficientFundsError,
  LedgerConflictError,
  type JournalInput,
} from './journal.repository.js';
import type { HoldStatus, JournalKind } from './ledger.tables.js';
import { transfer, type Posting } from './postings.js';
import { SYSTEM_ACCOUNTS, isSystemAccount } from './system-accounts.js';

/**
 * The ledger's API for modules (docs/architecture.md "Ledger"). Every function takes the
 * caller's transaction and never opens its own: the caller's transaction is the unit of money,
 * so an operation's state change, its event and its money move commit or roll back together.
 * Amounts are minor units (lib/money.ts), bigints > 0.
 */

/** HELD → CAPTURED | RELEASED, once: the edges are the WHERE of the settling update. */
export const HOLD_MACHINE = stateMachine<HoldStatus>({
  initial: ['HELD'],
  edges: { HELD: ['CAPTURED', 'RELEASED'], CAPTURED: [], RELEASED: [] },
});

/** Zero balances for each asset of a customer account; idempotent. */
export async function openBalances(
  trx: Trx,
  input: { accountId: string; assets: readonly Asset[]; at: number },
): Promise<void> {
  await insertZeroBalances(trx, input.accountId, input.assets, input.at);
}

export interface Movement {
  accountId: string;
  asset: Asset;
  amount: bigint;
  operationId: string | null;
  description: string;
  at: number;
}

/** Money arrived through the rails: clearing → the customer's available, one journal. */
export async function postDeposit(trx: Trx, input: Movement): Promise<void> {
  const result = await postJournal(trx, {
    kind: 'DEPOSIT',
    postings: transfer(
      input.amount,
      input.asset,
      { accountId: SYSTEM_ACCOUNTS.clearing, bucket: 'AVAILABLE' },
      { accountId: input.accountId, bucket: 'AVAILABLE' },
    ),
    operationId: input.operationId,
    description: input.description,
    at: input.at,
  });
  // The clearing account has no floor and the credit cannot underflow: only a missing row,
  // which postJournal throws for, could refuse this.
  if (result.kind !== 'posted') {
    throw new LedgerConflictError(input.accountId, input.asset, 'deposit refused');
  }
}

/**
 * Reserves money for an operation in flight: available → pending, only if available covers it
 * (one conditional UPDATE; never a read followed by a write). Answers the hold's id. Refuses an
 * overdraft as postTransfer does, the ledger's one way: InsufficientFundsError, having moved
 * nothing, which the caller maps to its INSUFFICIENT_BALANCE problem.
 */
export async function placeHold(
  trx: Trx,
  input: Movement & {
    /** The hold's id, when the caller must name it before placing it (e.g. in its own row). */
    holdId?: string;
  },
): Promise<string> {
  return dialectOf(trx).writesInOneStatement
    ? placeHoldAtOnce(trx, input)
    : placeHoldStepByStep(trx, input);
}

type HoldInput = Movement & { holdId?: string };

/** PostgreSQL: the whole hold in one statement (place-hold-in-one-statement.ts says why). */
export async function placeHoldAtOnce(trx: Trx, input: HoldInput): Promise<string> {
  const holdId = input.holdId ?? newId('hold', input.at);
  if (await placeHoldInOneStatement(trx, { ...input, holdId })) return holdId;
  // Refused: nothing was written. A missing row is a bug, not an overdraft (as postJournal says).
  if (!(await balanceRowExists(trx, input.accountId, input.asset))) {
    throw new LedgerConflictError(input.accountId, input.asset, 'no balance row (not opened)');
  }
  throw new InsufficientFundsError(input.accountId, input.asset);
}

/** Any engine: the balance UPDATE and journal (postJournal), then the hold row. */
export async function placeHoldStepByStep(trx: Trx, input: HoldInput): Promise<string> {
  const journal = await postJournal(trx, {
    kind: 'HOLD',
    postings: transfer(
      input.amount,
      input.asset,
      { accountId: input.accountId, bucket: 'AVAILABLE' },
      { accountId: input.accountId, bucket: 'PENDING' },
    ),
    operationId: input.operationId,
    description: input.description,
    at: input.at,
  });
  if (journal.kind === 'insufficient')
    throw new InsufficientFundsError(input.accountId, input.asset);
  const holdId = input.holdId ?? newId('hold', input.at);
  await runHotRead(trx, INSERT_HOLD, {
    id: holdId,
    account_id: input.accountId,
    asset: input.asset,
    amount: input.amount,
    operation_id: input.operationId,
    hold_journal_id: journal.journalId,
    created_at: input.at,
  });
  return holdId;
}

/** A new hold's row, HELD: a hot statement (db/hot-reads.ts), one per withdrawal on SQLite. */
const INSERT_HOLD = hotRead(
  'insert_ledger_hold',
  ['id', 'account_id', 'asset', 'amount', 'operation_id', 'hold_journal_id', 'created_at'],
  (
    db,
    hold: {
      id: string;
      account_id: string;
      asset: Asset;
      amount: bigint;
      operation_id: string | null;
      hold_journal_id: string;
      created_at: number;
    },
  ) =>
    db.insertInto('ledger_holds').values({
      ...hold,
      status: sql.lit('HELD'),
      settle_journal_id: sql.lit(null),
      settled_at: sql.lit(null),
    }),
);

export interface SettleInput {
  holdId: string;
  at: number;
  description?: string;
}

/** A hold as settling sees it: whose, which asset, how much. */
export interface SettlingHold {
  accountId: string;
  asset: Asset;
  amount: bigint;
  operationId: string | null;
}

/** The money leaves: pending → clearing. False (and nothing moves) if already settled. */
export function captureHold(trx: Trx, input: SettleInput): Promise<boolean> {
  return settleHold(trx, input, 'CAPTURED', 'CAPTURE', (hold) => [...toClearing(hold)]);
}

/**
 * The held money leaves into other legs, in one journal: the hold's whole amount is debited
 * from pending, and `legs(hold)` says where it goes — e.g. a swap: part to `sys_fees`, the rest
 * to `sys_exchange`, and the bought asset from `sys_exchange` to the customer; an unused part
 * back to the customer's available. The legs must balance the debit per asset (planJournal
 * throws otherwise). False (and nothing moves) if the hold was already settled.
 */
export function captureHoldInto(
  trx: Trx,
  input: SettleInput & { kind?: JournalKind; legs: (hold: SettlingHold) => Posting[] },
): Promise<boolean> {
  return settleHold(trx, input, 'CAPTURED', input.kind ?? 'CAPTURE', input.legs);
}

/** The money comes back: pending → available. False (and nothing moves) if already settled. */
export function releaseHold(trx: Trx, input: SettleInput): Promise<boolean> {
  return settleHold(trx, input, 'RELEASED', 'RELEASE', (hold) => [
    {
      accountId: hold.accountId,
      asset: hold.asset,
      bucket: 'AVAILABLE',
      direction: 'CREDIT',
      amount: hold.amount,
    },
  ]);
}

const toClearing = (hold: SettlingHold): Posting[] => [
  {
    accountId: SYSTEM_ACCOUNTS.clearing,
    asset: hold.asset,
    bucket: 'AVAILABLE',
    direction: 'CREDIT',
    amount: hold.amount,
  },
];

async function settleHold(
  trx: Trx,
  input: SettleInput,
  to: 'CAPTURED' | 'RELEASED',
  kind: JournalKind,
  legs: (hold: SettlingHold) => Posting[],
): Promise<boolean> {
  const journalId = newId('journal', input.at);
  // Compare-and-set first: of two settlements racing, exactly one moves the hold, and the other
  // sees zero rows and does nothing else.
  const row = await trx
    .updateTable('ledger_holds')
    .set({ status: to, settled_at: input.at, settle_journal_id: journalId })
    .where('id', '=', input.holdId)
    .where('status', 'in', HOLD_MACHINE.sourcesOf(to))
    .returning(['account_id', 'asset', 'amount', 'operation_id'])
    .executeTakeFirst();
  if (!row) return false;
  const hold: SettlingHold = {
    accountId: row.account_id,
    asset: row.asset,
    amount: row.amount,
    operationId: row.operation_id,
  };
  const result = await postJournal(trx, {
    kind,
    journalId,
    postings: [
      {
        accountId: hold.accountId,
        asset: hold.asset,
        bucket: 'PENDING',
        direction: 'DEBIT',
        amount: hold.amount,
      },
      ...legs(hold).filter((p) => p.amount > 0n),
    ],
    operationId: hold.operationId,
    description: input.description ?? (to === 'CAPTURED' ? 'Hold captured' : 'Hold released'),
    at: input.at,
  });
  // A HELD hold's amount is always in pending (verifyLedger checks it); if not, roll back.
  if (result.kind !== 'posted') {
    throw new LedgerConflictError(
      hold.accountId,
      hold.asset,
      `pending does not cover ${input.holdId}`,
    );
  }
  return true;
}

/**
 * Posts a balanced journal straight between balances (a market order, a conversion on deposit).
 * Throws InsufficientFundsError when a customer row would go below zero, as placeHold does: the
 * caller lets it roll its transaction back (and answers INSUFFICIENT_BALANCE). Zero-amount
 * postings are dropped.
 */
export async function postTransfer(trx: Trx, input: JournalInput): Promise<string> {
  const postings = input.postings.filter((p) => p.amount > 0n);
  const result = await postJournal(trx, { ...input, postings });
  if (result.kind === 'insufficient') {
    const first = postings.find((p) => p.direction === 'DEBIT' && !isSystemAccount(p.accountId));
    throw new InsufficientFundsError(first?.accountId ?? '?', first?.asset ?? postings[0]!.asset);
  }
  return result.journalId;
}

/** An account's balances, one per asset it holds, in the order of ASSETS. */
export async function getBalances(db: Db | Trx, accountId: string): Promise<Balance[]> {
  return (await balancesOfAccounts(db, [accountId])).get(accountId) ?? [];
}

export { balancesOfAccounts, type Balance };
export { BalanceLimitError, InsufficientFundsError, LedgerConflictError, type Posting };
export { houseBalance } from './balances.repository.js';
