/**
 * The public surface of ledger/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export type {
  LedgerBalancesTable,
  LedgerEntriesTable,
  LedgerEntryRow,
  LedgerHoldsTable,
  LedgerJournalsTable,
} from './ledger.tables.js';
export {
  BalanceLimitError,
  balancesOfAccounts,
  captureHoldInto,
  getBalances,
  InsufficientFundsError,
  openBalances,
  placeHold,
  postDeposit,
  postTransfer,
  releaseHold,
} from './ledger.js';
export type { Balance, Posting, SettlingHold } from './ledger.js';
export { listStatementEntries } from './statement.repository.js';
export { SYSTEM_ACCOUNTS } from './system-accounts.js';
export { verifyLedger } from './verify-ledger.js';
export type { LedgerDifference } from './verify-ledger.js';
export { balancesAt } from './balances-at.js';
export { transfer } from './postings.js';
