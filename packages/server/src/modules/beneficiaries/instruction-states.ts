import { stateMachine } from '../../lib/state-machine.js';

/** A payment instruction's compliance review (BRIEF "Resources"): decided once, for good. */
export const INSTRUCTION_STATUSES = ['PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type InstructionStatus = (typeof INSTRUCTION_STATUSES)[number];

export const instructionMachine = stateMachine<InstructionStatus>({
  initial: ['PENDING_REVIEW'],
  edges: {
    PENDING_REVIEW: ['APPROVED', 'REJECTED'],
    APPROVED: [],
    REJECTED: [],
  },
});
