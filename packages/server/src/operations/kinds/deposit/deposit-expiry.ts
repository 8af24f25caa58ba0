import type { KindStep } from '../operation-kind.js';
import { DEPOSIT_EXPIRED } from './deposit.js';

/**
 * `operation.deposit.expire`, in every environment: due at the deposit's expiresAt, it fails the
 * deposit with DEPOSIT_EXPIRED unless the money arrived first: a deposit completed, or seen
 * arriving by a rail (PROCESSING), is left alone.
 */
export const depositExpiry: KindStep = (_tx, operation) =>
  // A deposit a rail saw arriving (PROCESSING) waits for it to be final, whatever the hour.
  Promise.resolve(
    operation.status === 'REQUESTED' ? { kind: 'fail', reason: { ...DEPOSIT_EXPIRED } } : undefined,
  );
