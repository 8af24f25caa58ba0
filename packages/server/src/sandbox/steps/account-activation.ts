import type { Db } from '../../db/database.js';
import type { JobQueue, JobHandler } from '../../jobs/index.js';
import { jobStep } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { accountForLifecycle, activateAssets, failAsset } from '../../modules/accounts/index.js';
import { failingAssets, ONBOARDING_FAILURE } from '../magic-values.js';

/**
 * `sandbox.account.activate`: a few seconds after an account opens, its assets activate, except
 * those its name makes fail (`FAIL_ONBOARDING`, docs/sandbox.md), which end FAILED.
 */
export function accountActivationStep(deps: { db: Db; queue: JobQueue; clock: Clock }): JobHandler {
  return jobStep(deps, async (tx, job) => {
    const now = deps.clock.now();
    const account = await accountForLifecycle(tx, job.subject_id);
    if (!account) return;
    const assets = account.assets.map((a) => a.asset);
    for (const asset of failingAssets(account.name, assets)) {
      await failAsset(tx, deps, job.subject_id, asset, { ...ONBOARDING_FAILURE }, now);
    }
    await activateAssets(tx, deps, job.subject_id, now);
  });
}
