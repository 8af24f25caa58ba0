import { recordEvent } from '../../webhooks/index.js';
import type { EventType } from '../../webhooks/index.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import { moveState } from '../../lib/state-machine.js';
import {
  findBeneficiaryById,
  findInstructionById,
  liveInstructionsOf,
  updateInstructionStatus,
} from './beneficiaries.repository.js';
import { toBeneficiary } from './beneficiary-view.js';
import { instructionMachine, type InstructionStatus } from './instruction-states.js';

export interface ReviewReason {
  code: string;
  message: string;
}

const EVENT_OF: Partial<Record<InstructionStatus, EventType>> = {
  APPROVED: 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
  REJECTED: 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
};

/**
 * The review's decision, as a compare-and-set on the instruction's status (instruction-states.ts)
 * and its event, in the caller's transaction. The sandbox review step and the back-office call
 * these. Returns false when the instruction is unknown or was already decided (a duplicate step),
 * which changes nothing.
 */
export const approve = (tx: Tx, deps: { queue: JobQueue }, instructionId: string, at: number) =>
  decide(tx, deps, instructionId, 'APPROVED', null, at);

export const reject = (
  tx: Tx,
  deps: { queue: JobQueue },
  instructionId: string,
  reason: ReviewReason,
  at: number,
) => decide(tx, deps, instructionId, 'REJECTED', reason, at);

async function decide(
  tx: Tx,
  deps: { queue: JobQueue },
  instructionId: string,
  to: 'APPROVED' | 'REJECTED',
  reason: ReviewReason | null,
  at: number,
): Promise<boolean> {
  const instruction = await findInstructionById(tx.trx, instructionId);
  if (!instruction) return false;
  const moved = await moveState(instructionMachine, to, {
    update: (from) =>
      updateInstructionStatus(tx.trx, instructionId, from, { status: to, reason, at }),
    after: async () => {
      const beneficiary = await findBeneficiaryById(tx.trx, instruction.beneficiary_id);
      if (!beneficiary) return;
      // Data: the beneficiary as the API shows it now (this instruction decided), plus which one.
      const instructions = await liveInstructionsOf(tx.trx, [beneficiary.id]);
      await recordEvent(tx, deps.queue, {
        customerId: beneficiary.customer_id,
        type: EVENT_OF[to]!,
        resource: 'BENEFICIARY',
        resourceId: beneficiary.id,
        data: { ...toBeneficiary(beneficiary, instructions), instructionId },
        at,
      });
    },
  });
  return moved > 0;
}

/** What a review decides on: the instruction's holder, by the instruction's id alone. */
export async function instructionForReview(
  tx: Tx,
  instructionId: string,
): Promise<{ holderName: string; status: InstructionStatus } | undefined> {
  const instruction = await findInstructionById(tx.trx, instructionId);
  if (!instruction) return undefined;
  const beneficiary = await findBeneficiaryById(tx.trx, instruction.beneficiary_id);
  return beneficiary && { holderName: beneficiary.holder_name, status: instruction.status };
}
