import type { KindStep } from '../operation-kind.js';
import { DEPOSIT_EXPIRED } from './deposit.js';

/**
 * `operation.deposit.expire`, in every environment: due at the deposit's expiresAt, it fails the
 * deposit with DEPOSIT_EXPIRED unless the money arrived first (then the compare-and-set finds it
 * no longer REQUESTED and nothing happens).
 */
export const depositExpiry: KindStep = () =>
  Promise.resolve({ kind: 'fail', reason: { ...DEPOSIT_EXPIRED } });
