import type { Selectable } from 'kysely';
import type { Asset } from '../lib/money.js';

/** CUSTOMER balances never go below zero; SYSTEM ones (money outside cofre) may. */
export type LedgerAccountKind = 'CUSTOMER' | 'SYSTEM';
/** Which half of a balance row an entry moves. */
export type Bucket = 'AVAILABLE' | 'PENDING';
/** CREDIT raises the bucket it posts to, DEBIT lowers it, for every ledger account. */
export type EntryDirection = 'CREDIT' | 'DEBIT';
export const HOLD_STATUSES = ['HELD', 'CAPTURED', 'RELEASED'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
/**
 * DEPOSIT money in from the rails; HOLD available → pending; CAPTURE a hold leaves (to the rails,
 * or into a conversion's legs); RELEASE a hold back to available; EXCHANGE a conversion straight
 * from available (a market order, a deposit credited in another asset); TRANSFER between two
 * accounts of one customer, straight from available (converted on the way with a quote).
 */
export type JournalKind =
  'DEPOSIT' | 'HOLD' | 'CAPTURE' | 'RELEASE' | 'EXCHANGE' | 'TRANSFER' | 'REVERSAL';

export interface LedgerBalancesTable {
  account_id: string;
  asset: Asset;
  kind: LedgerAccountKind;
  available: bigint;
  pending: bigint;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface LedgerJournalsTable {
  id: string;
  kind: JournalKind;
  operation_id: string | null;
  description: string;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: string;
  journal_id: string;
  account_id: string;
  asset: Asset;
  bucket: Bucket;
  direction: EntryDirection;
  amount: bigint;
  balance_after: bigint;
  operation_id: string | null;
  description: string;
  created_at: number;
  position: string;
}

export interface LedgerHoldsTable {
  id: string;
  account_id: string;
  asset: Asset;
  amount: bigint;
  status: HoldStatus;
  operation_id: string | null;
  hold_journal_id: string;
  settle_journal_id: string | null;
  created_at: number;
  settled_at: number | null;
}

export type LedgerBalanceRow = Selectable<LedgerBalancesTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type LedgerHoldRow = Selectable<LedgerHoldsTable>;
