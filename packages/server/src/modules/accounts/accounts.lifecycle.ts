import type { Tx } from '../../db/transact.js';
import { recordEvent } from '../../events/record-event.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { getBalances } from '../../ledger/ledger.js';
import { findAccountById, updateAccountState } from './accounts.repository.js';
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
  const account = await findAccountById(tx.trx, accountId);
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
  const account = await findAccountById(tx.trx, accountId);
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
