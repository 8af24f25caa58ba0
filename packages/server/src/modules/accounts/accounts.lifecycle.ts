import { recordEvent } from '../../webhooks/index.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import { getBalances } from '../../ledger/index.js';
import { moveState } from '../../lib/state-machine.js';
import { accountMachine } from './account-states.js';
import {
  findAccountById,
  lockAccountById,
  updateAccountState,
  updateAccountStatus,
} from './accounts.repository.js';
import { toAccount } from './accounts.service.js';
import { parseAssets, type AccountRow } from './accounts.table.js';

/**
 * The account's onboarding finishes: each ONBOARDING asset becomes ACTIVE and emits
 * ACCOUNT_ASSET_ACTIVATED (data: the account as it is then, plus `asset`); an OPENING account
 * becomes ACTIVE. The sandbox simulator calls it after a delay; production's back-office will
 * call the same function. Runs in the caller's transaction; a second run finds nothing
 * ONBOARDING and emits nothing. Returns how many assets it activated.
 */
export async function activateAssets(
  tx: Tx,
  deps: { queue: JobQueue },
  accountId: string,
  at: number,
): Promise<number> {
  // Locked first: a concurrent freeze must not be overwritten by the status read here.
  let account = await lockAccountById(tx.trx, accountId);
  if (!account) return 0;
  let activated = 0;
  for (const { asset, status } of parseAssets(account)) {
    if (status !== 'ONBOARDING') continue;
    account = await settleAsset(tx, deps, account, asset, { to: 'ACTIVE' }, at);
    activated += 1;
  }
  return activated;
}

/**
 * Settles one ONBOARDING asset (the caller checked) and emits its event: ACTIVE makes an OPENING
 * account ACTIVE (any other status — FROZEN — stays), FAILED leaves the account's status alone.
 * Returns the row as written, for the next asset.
 */
async function settleAsset(
  tx: Tx,
  deps: { queue: JobQueue },
  account: AccountRow,
  asset: string,
  outcome: { to: 'ACTIVE' } | { to: 'FAILED'; reason: AssetFailure },
  at: number,
): Promise<AccountRow> {
  const assets = parseAssets(account).map((a) =>
    a.asset === asset ? { ...a, status: outcome.to } : a,
  );
  const status =
    outcome.to === 'ACTIVE' && account.status === 'OPENING' ? 'ACTIVE' : account.status;
  await updateAccountState(tx.trx, account.id, { status, assets, updatedAt: at });
  const written = { ...account, status, assets: JSON.stringify(assets), updated_at: at };
  // Read after the write above (SQLite BUSY_SNAPSHOT rule, docs/architecture.md).
  const view = toAccount(written, await getBalances(tx.trx, account.id));
  await recordEvent(tx, deps.queue, {
    customerId: account.customer_id,
    type: outcome.to === 'ACTIVE' ? 'ACCOUNT_ASSET_ACTIVATED' : 'ACCOUNT_ASSET_FAILED',
    resource: 'ACCOUNT',
    resourceId: account.id,
    data: outcome.to === 'ACTIVE' ? { ...view, asset } : { ...view, asset, reason: outcome.reason },
    at,
  });
  return written;
}

/**
 * One asset's onboarding succeeds: ONBOARDING → ACTIVE, emitting ACCOUNT_ASSET_ACTIVATED like
 * activateAssets; an OPENING account becomes ACTIVE with it (a FROZEN one stays FROZEN). The
 * back-office calls it (docs/admin.md). Runs in the caller's transaction, holding the account
 * row's write lock from its first statement; returns false (changing nothing) when the account
 * is unknown or the asset is not ONBOARDING.
 */
export async function activateAsset(
  tx: Tx,
  deps: { queue: JobQueue },
  accountId: string,
  asset: string,
  at: number,
): Promise<boolean> {
  const account = await lockAccountById(tx.trx, accountId);
  if (!account || !isOnboarding(account, asset)) return false;
  await settleAsset(tx, deps, account, asset, { to: 'ACTIVE' }, at);
  return true;
}

const isOnboarding = (account: AccountRow, asset: string): boolean =>
  parseAssets(account).some((a) => a.asset === asset && a.status === 'ONBOARDING');

/**
 * Freezes an ACTIVE account or unfreezes a FROZEN one, as a compare-and-set through
 * account-states.ts. Returns false (nothing changed) when the account was not in the source
 * state. No event: the catalogue has none for it (docs/admin.md).
 */
export async function setAccountFrozen(
  tx: Tx,
  accountId: string,
  frozen: boolean,
  at: number,
): Promise<boolean> {
  const to = frozen ? 'FROZEN' : 'ACTIVE';
  const moved = await moveState(accountMachine, to, {
    // Unfreezing must not open an OPENING account: only FROZEN moves back to ACTIVE here.
    from: frozen ? ['ACTIVE'] : ['FROZEN'],
    update: (from) => updateAccountStatus(tx.trx, accountId, from, to, at),
  });
  return moved > 0;
}

export interface AssetFailure {
  code: string;
  message: string;
}

/**
 * One asset's onboarding fails: ONBOARDING → FAILED, emitting ACCOUNT_ASSET_FAILED (data: the
 * account as it is then, plus `asset` and `reason`). The account's own status is left as it is:
 * it becomes ACTIVE when an asset activates (activateAssets). Runs in the caller's transaction;
 * an asset no longer ONBOARDING is left alone (a duplicate step). Returns whether it failed it.
 */
export async function failAsset(
  tx: Tx,
  deps: { queue: JobQueue },
  accountId: string,
  asset: string,
  reason: AssetFailure,
  at: number,
): Promise<boolean> {
  // Locked: a concurrent activateAsset must not interleave with this read-modify-write.
  const account = await lockAccountById(tx.trx, accountId);
  if (!account || !isOnboarding(account, asset)) return false;
  await settleAsset(tx, deps, account, asset, { to: 'FAILED', reason }, at);
  return true;
}

/** The account as the API shows it, by id alone: what a lifecycle step decides on. */
export async function accountForLifecycle(tx: Tx, accountId: string) {
  const row = await findAccountById(tx.trx, accountId);
  return row ? toAccount(row, await getBalances(tx.trx, row.id)) : undefined;
}
