import type { OperationType } from '../operation-states.js';
import { depositKind } from './deposit/deposit.js';
import type { OperationKind } from './operation-kind.js';
import { orderKind } from './order/order.js';
import { pixPaymentKind } from './pix-payment/pix-payment.js';
import { swapKind } from './swap/swap.js';
import { withdrawalKind } from './withdrawal/withdrawal.js';

export const KINDS: Readonly<Record<OperationType, OperationKind>> = {
  DEPOSIT: depositKind,
  WITHDRAWAL: withdrawalKind,
  SWAP: swapKind,
  ORDER: orderKind,
  PIX_PAYMENT: pixPaymentKind,
};
