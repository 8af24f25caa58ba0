import type { CheckCase } from './check-case.js';
import {
  duplicateMessage,
  resendLater,
  slowAcknowledgement,
  validDelivery,
} from './cases/idempotency-cases.js';
import { outOfOrder } from './cases/ordering-cases.js';
import {
  forgedSignature,
  reserialisedBody,
  rotationPair,
  staleTimestamp,
} from './cases/signature-cases.js';

/**
 * Every case `cofre webhooks check` runs, in the order of its table (docs/webhooks.md "Grade
 * your receiver: cofre webhooks check" describes each). A new case is a CheckCase in cases/
 * and one line here; the tests run every entry against the example receiver and a naive one.
 */
export const CHECK_CASES: readonly CheckCase[] = [
  validDelivery,
  duplicateMessage,
  resendLater,
  forgedSignature,
  staleTimestamp,
  rotationPair,
  reserialisedBody,
  outOfOrder,
  slowAcknowledgement,
];
