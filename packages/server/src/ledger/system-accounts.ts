/**
 * Ledger accounts that are not a customer's: they stand for money outside cofre, so their
 * balances may be negative, and they make every journal sum to zero per asset. One balance row
 * per asset each, created by migration 0006.
 *
 * - `sys_clearing`: the payment rails. A deposit debits it (money owed to us by the rail, as
 *   seen from cofre) and credits the customer; a captured withdrawal credits it back. Its
 *   balance is minus the money customers hold that came in through the rails.
 * - `sys_fees`: fees charged: credited by every fee line of a quote or an operation.
 * - `sys_exchange`: the desk on the other side of every conversion (swaps, orders, quoted
 *   withdrawals and deposits): it receives the asset sold and pays out the asset bought, so its
 *   balances are cofre's net position per asset (migration 0010).
 */
export const SYSTEM_ACCOUNTS = {
  clearing: 'sys_clearing',
  fees: 'sys_fees',
  exchange: 'sys_exchange',
} as const;
export type SystemAccountId = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export const isSystemAccount = (accountId: string): boolean => accountId.startsWith('sys_');
