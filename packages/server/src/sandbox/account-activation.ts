import type { Db } from '../db/database.js';
import { transact } from '../db/transact.js';
import { recordEvent } from '../events/record-event.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/job-worker.js';
import type { Clock } from '../lib/clock.js';
import { updateAccountState } from '../modules/accounts/accounts.repository.js';
import { toAccount } from '../modules/accounts/accounts.service.js';
import { parseAssets } from '../modules/accounts/accounts.table.js';

/**
 * Sandbox lifecycle step: a few seconds after an account opens, its assets finish onboarding.
 * Each asset becomes ACTIVE and emits ACCOUNT_ASSET_ACTIVATED (data: the account as it is then,
 * plus `asset`); the account becomes ACTIVE. Production drives the same change from the back
 * office. Runs once: a second run finds nothing ONBOARDING and emits nothing.
 */
export function accountActivationHandler(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
}): JobHandler {
  return async (job) => {
    const { db, queue, clock } = deps;
    await transact(db, async (tx) => {
      if (!(await queue.complete(tx.trx, job))) return;
      const account = await tx.trx
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', job.subject_id)
        .executeTakeFirst();
      if (!account) return;
      const now = clock.now();
      const assets = parseAssets(account);
      for (const asset of assets) {
        if (asset.status !== 'ONBOARDING') continue;
        asset.status = 'ACTIVE';
        const status = account.status === 'OPENING' ? ('ACTIVE' as const) : account.status;
        const snapshot = { ...account, status, assets: JSON.stringify(assets), updated_at: now };
        await updateAccountState(tx.trx, account.id, {
          status: snapshot.status,
          assets,
          updatedAt: now,
        });
        await recordEvent(tx, queue, {
          customerId: account.customer_id,
          type: 'ACCOUNT_ASSET_ACTIVATED',
          resource: 'ACCOUNT',
          resourceId: account.id,
          data: { ...toAccount(snapshot), asset: asset.asset },
          at: now,
        });
      }
    });
  };
}
