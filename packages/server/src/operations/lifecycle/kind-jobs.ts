import type { JobHandler, JobKind } from '../../jobs/index.js';
import type { KindJobDeps, KindStep } from '../kinds/operation-kind.js';
import { KIND_LIST } from '../kinds/registry.js';
import { completeOperation, failOperation, operationForLifecycle } from './operations.lifecycle.js';
import { settlementStep } from './settlement-step.js';

/**
 * Every kind's own job handlers (worker.ts registers them in every environment). A kind's step
 * only says what becomes of the operation its job names; this runs it in one transaction with
 * the job's completion (settlementStep: a fill past a balance's maximum fails the operation)
 * and applies the outcome through the lifecycle, so a kind's step only decides.
 */
export function kindJobHandlers(deps: KindJobDeps): Partial<Record<JobKind, JobHandler>> {
  const handlers: Partial<Record<JobKind, JobHandler>> = {};
  for (const kind of KIND_LIST) {
    for (const [jobKind, step] of Object.entries(kind.jobs ?? {}) as [JobKind, KindStep][]) {
      handlers[jobKind] = kindStepHandler(deps, step);
    }
  }
  return handlers;
}

function kindStepHandler(deps: KindJobDeps, step: KindStep): JobHandler {
  return settlementStep(deps, async (tx, job) => {
    const operation = await operationForLifecycle(tx, job.subject_id);
    if (!operation) return;
    const now = deps.clock.now();
    const outcome = await step(tx, operation, deps, now);
    if (outcome?.kind === 'complete') await completeOperation(tx, deps, operation.id, now);
    if (outcome?.kind === 'fail') await failOperation(tx, deps, operation.id, outcome.reason, now);
  });
}
