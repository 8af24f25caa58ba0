import { stateMachine } from '../lib/state-machine.js';

/** An operation's lifecycle (BRIEF "Resources"), the one place its transitions are defined. */
export const OPERATION_STATUSES = ['REQUESTED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const operationMachine = stateMachine<OperationStatus>({
  initial: ['REQUESTED'],
  edges: {
    // REQUESTED → FAILED: a deposit never paid expires; an operator may fail a withdrawal
    // before it is sent.
    REQUESTED: ['PROCESSING', 'FAILED'],
    PROCESSING: ['COMPLETED', 'FAILED'],
    COMPLETED: [],
    FAILED: [],
  },
});

export const OPERATION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'SWAP',
  'ORDER',
  'PIX_PAYMENT',
  'TRANSFER',
  'PIX_REFUND',
  'REVERSAL',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
