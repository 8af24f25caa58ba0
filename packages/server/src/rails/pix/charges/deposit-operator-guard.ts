import type { OperatorGuard } from '../../../operations/index.js';

/**
 * What the back-office may still do by hand on a deposit the PIX rail settles (docs/rails.md
 * "The back-office and rails"): fail one no Pix was received for — its charge is then removed
 * at the PSP by the charges job, and a Pix that paid it meanwhile becomes a deposit of its own.
 * Never mark one received: the PSP says that, once.
 */
export const depositOperatorGuard: OperatorGuard = (_tx, operation, step) => {
  const settledBy = 'it settles through the PIX rail (docs/rails.md "PIX")';
  if (step !== 'fail') {
    return Promise.resolve(
      `Deposit ${operation.id} is credited when the PSP reports its Pix; ${settledBy}.`,
    );
  }
  return Promise.resolve(
    operation.status === 'REQUESTED'
      ? undefined
      : `A Pix was received for deposit ${operation.id}; ${settledBy}.`,
  );
};
