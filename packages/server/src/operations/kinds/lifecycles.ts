import { depositLifecycle } from './deposit/deposit.js';
import type { OperationLifecycle } from './operation-kind.js';
import { orderLifecycle } from './order/order.js';
import { pixPaymentLifecycle } from './pix-payment/pix-payment.js';
import { pixRefundLifecycle } from './pix-refund/pix-refund.js';
import { reversalLifecycle } from './reversal/reversal.js';
import { swapLifecycle } from './swap/swap.js';
import { transferLifecycle } from './transfer/transfer.js';
import { withdrawalLifecycle } from './withdrawal/withdrawal.js';

/**
 * Every kind's lifecycle (kinds/<kind>/<kind>.ts), one line each, in the order the API lists the
 * types: what the lifecycle (lifecycle/operations.lifecycle.ts) and the view (operation-view.ts)
 * read, and what OPERATION_TYPES, the `Operation` schema and its type are built from.
 *
 * It imports the kinds' <kind>.ts files and nothing above them, never the registry
 * (kinds/registry.ts), which adds each kind's request, jobs and cancellation: a request may use
 * the lifecycle, and the lifecycle never reaches a request, so no import cycle runs through the
 * wing (the layer rule lifecycle-table-is-kind-files; test/e2e/server.modules-load-first).
 */
export const KIND_LIFECYCLES = {
  DEPOSIT: depositLifecycle,
  WITHDRAWAL: withdrawalLifecycle,
  SWAP: swapLifecycle,
  ORDER: orderLifecycle,
  PIX_PAYMENT: pixPaymentLifecycle,
  TRANSFER: transferLifecycle,
  PIX_REFUND: pixRefundLifecycle,
  REVERSAL: reversalLifecycle,
};

/** An operation's type: one per registered kind. */
export type OperationType = keyof typeof KIND_LIFECYCLES;

/** Each kind under its own type: a line registering a lifecycle under another type fails here. */
const underItsType: { readonly [T in OperationType]: OperationLifecycle<T> } = KIND_LIFECYCLES;

/** The operation types, in registration order (the `type` filter's enum lists them so). */
export const OPERATION_TYPES: readonly OperationType[] = Object.values(underItsType).map(
  (kind) => kind.type,
);

/** The schemas of the kinds' operation views, one per type. */
export type KindSchema = (typeof KIND_LIFECYCLES)[OperationType]['schema'];
