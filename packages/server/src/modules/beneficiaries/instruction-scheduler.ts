import type { Tx } from '../../db/transact.js';
import type { Beneficiary, PaymentInstruction } from './beneficiaries.schemas.js';

/**
 * The port through which beneficiaries announce "this instruction awaits review". The sandbox
 * simulator reviews it with a job (sandbox/simulator.ts); production's back-office calls
 * instructions.lifecycle.ts (approve, reject) itself, so there the port does nothing. app.ts
 * picks one; this module never imports sandbox/.
 */
export interface InstructionReviewScheduler {
  /** Called in the transaction that created the instruction. */
  created(tx: Tx, beneficiary: Beneficiary, instruction: PaymentInstruction): Promise<void>;
}

/** Production: nothing is scheduled; an operator approves or rejects. */
export const manualInstructionReview: InstructionReviewScheduler = {
  created: () => Promise.resolve(),
};
