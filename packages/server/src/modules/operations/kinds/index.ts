import type { OperationType } from '../operation-states.js';
import { depositKind } from './deposit.js';
import type { OperationKind } from './operation-kind.js';
import { orderKind } from './order.js';
import { pixPaymentKind } from './pix-payment.js';
import { swapKind } from './swap.js';
import { withdrawalKind } from './withdrawal.js';

export const KINDS: Readonly<Record<OperationType, OperationKind>> = {
  DEPOSIT: depositKind,
  WITHDRAWAL: withdrawalKind,
  SWAP: swapKind,
  ORDER: orderKind,
  PIX_PAYMENT: pixPaymentKind,
};
