import type { Tx } from '../../db/transact.js';
import { recordEvent } from '../../events/record-event.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { getBalances } from '../../ledger/ledger.js';
import { moveState } from '../../lib/state-machine.js';
import { accountMachine } from './account-states.js';
import {
  findAccountById,
  lockAccountById,
  updateAccountState,
  updateAccountStatus,
} from './accounts.repository.js';
import { toAccount } from './accounts.service.js';
import { parseAssets } from './accounts.table.js';

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
  const account = await lockAccountById(tx.trx, accountId);
  if (!account) return 0;
  const assets = parseAssets(account);
  let activated = 0;
  for (const asset of assets) {
    if (asset.status !== 'ONBOARDING') continue;
    asset.status = 'ACTIVE';
    activated += 1;
    const status = account.status === 'OPENING' ? ('ACTIVE' as const) : account.status;
    const snapshot = { ...account, status, assets: JSON.stringify(assets), updated_at: at };
    await updateAccountState(tx.trx, account.id, { status, assets, updatedAt: at });
    await recordEvent(tx, deps.queue, {
      customerId: account.customer_id,
      type: 'ACCOUNT_ASSET_ACTIVATED',
      resource: 'ACCOUNT',
      resourceId: account.id,
      // Read after the write above (SQLite BUSY_SNAPSHOT rule, docs/architecture.md).
      data: { ...toAccount(snapshot, await getBalances(tx.trx, account.id)), asset: asset.asset },
      at,
    });
  }
  return activated;
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
  if (!account) return false;
  const assets = parseAssets(account);
  const target = assets.find((a) => a.asset === asset && a.status === 'ONBOARDING');
  if (!target) return false;
  target.status = 'ACTIVE';
  const status = accountMachine.canMove(account.status, 'ACTIVE') ? 'ACTIVE' : account.status;
  await updateAccountState(tx.trx, account.id, { status, assets, updatedAt: at });
  const snapshot = { ...account, status, assets: JSON.stringify(assets), updated_at: at };
  await recordEvent(tx, deps.queue, {
    customerId: account.customer_id,
    type: 'ACCOUNT_ASSET_ACTIVATED',
    resource: 'ACCOUNT',
    resourceId: account.id,
    data: { ...toAccount(snapshot, await getBalances(tx.trx, account.id)), asset },
    at,
  });
  return true;
}

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
  if (!account) return false;
  const assets = parseAssets(account);
  const target = assets.find((a) => a.asset === asset && a.status === 'ONBOARDING');
  if (!target) return false;
  target.status = 'FAILED';
  await updateAccountState(tx.trx, account.id, { status: account.status, assets, updatedAt: at });
  const snapshot = { ...account, assets: JSON.stringify(assets), updated_at: at };
  await recordEvent(tx, deps.queue, {
    customerId: account.customer_id,
    type: 'ACCOUNT_ASSET_FAILED',
    resource: 'ACCOUNT',
    resourceId: account.id,
    data: { ...toAccount(snapshot, await getBalances(tx.trx, account.id)), asset, reason },
    at,
  });
  return true;
}

/** The account as the API shows it, by id alone: what a lifecycle step decides on. */
export async function accountForLifecycle(tx: Tx, accountId: string) {
  const row = await findAccountById(tx.trx, accountId);
  return row ? toAccount(row, await getBalances(tx.trx, row.id)) : undefined;
}
