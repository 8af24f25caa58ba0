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

// The operation types are the registered kinds' (kinds/lifecycles.ts); the type is re-exported
// here, beside the statuses, for the files that name both.
export type { OperationType } from './kinds/lifecycles.js';
