import type { OperationType } from '../operation-states.js';
import { depositKind } from './deposit/index.js';
import type { OperationKind } from './operation-kind.js';
import { orderKind } from './order/index.js';
import { pixPaymentKind } from './pix-payment/index.js';
import { pixRefundKind } from './pix-refund/index.js';
import { reversalKind } from './reversal/index.js';
import { swapKind } from './swap/index.js';
import { transferKind } from './transfer/index.js';
import { withdrawalKind } from './withdrawal/index.js';

/**
 * Every operation kind, one line each: the only place a kind is registered. Its route, its
 * lifecycle, its view and what the sandbox does with it all come from here.
 */
export const KINDS: Readonly<Record<OperationType, OperationKind>> = {
  DEPOSIT: depositKind,
  WITHDRAWAL: withdrawalKind,
  SWAP: swapKind,
  ORDER: orderKind,
  PIX_PAYMENT: pixPaymentKind,
  TRANSFER: transferKind,
  PIX_REFUND: pixRefundKind,
  REVERSAL: reversalKind,
};

/** The kinds in registration order (routes are registered in this order). */
export const KIND_LIST: readonly OperationKind[] = Object.values(KINDS);
