import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { JobQueue } from '../../../jobs/index.js';
import { approve, reject } from '../../beneficiaries/index.js';
import { auditedMove, type ActionContext } from '../audited.js';
import { instructionOr404, type OperatorInstructionView } from './instruction-view.js';

export type InstructionDecision =
  { approve: true } | { approve: false; reason: { code: string; message: string } };

/**
 * The review of payment instructions (docs/admin.md "Payment instructions"): the same
 * instructions.lifecycle.ts functions the sandbox simulator calls, each decision audited.
 */
export class InstructionsAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock; queue: JobQueue }) {}

  get(instructionId: string): Promise<OperatorInstructionView> {
    return instructionOr404(this.deps.db, instructionId);
  }

  /** PENDING_REVIEW → APPROVED or REJECTED (with the reason); any other state is a 409. */
  decide(
    ctx: ActionContext,
    instructionId: string,
    decision: InstructionDecision,
  ): Promise<OperatorInstructionView> {
    const action = decision.approve
      ? 'PAYMENT_INSTRUCTION_APPROVED'
      : 'PAYMENT_INSTRUCTION_REJECTED';
    const deps = { queue: this.deps.queue };
    return auditedMove(
      this.deps,
      ctx,
      { action, subjectType: 'PAYMENT_INSTRUCTION' },
      { id: instructionId, read: (trx) => instructionOr404(trx, instructionId) },
      async (tx, at, before) => {
        const decided = decision.approve
          ? await approve(tx, deps, instructionId, at)
          : await reject(tx, deps, instructionId, decision.reason, at);
        return decided
          ? undefined
          : `Payment instruction ${instructionId} is ${before.instruction.status}, not PENDING_REVIEW.`;
      },
    );
  }
}
