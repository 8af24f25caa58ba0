import type { OperationKind } from '../operation-kind.js';
import { reversalLifecycle } from './reversal.js';

/**
 * The REVERSAL kind: created only by the back-office (reverse-operation.ts, no customer
 * request) and completed at once, so nothing settles it (`own`).
 */
export const reversalKind: OperationKind = {
  ...reversalLifecycle,
};
