/**
 * The operations wing's public surface: nothing outside src/operations imports a file inside it
 * but this one (checked by test/unit/architecture.layers.test.ts).
 */
export { operationsRoutes } from './operations.routes.js';
export { Operation } from './operations.schemas.js';
export type { OperationDeps, ExchangeDeps } from './operation-deps.js';
export type { OperationRow, OperationsTable, OperationStatesTable } from './operations.table.js';
export { operationViews } from './operation-view.js';
export { OPERATION_STATUSES } from './operation-states.js';
export { OPERATION_TYPES } from './kinds/lifecycles.js';
export type { OperationStatus, OperationType } from './operation-states.js';
// The account filter (an operation's own account, or a transfer's other one), for the
// back-office's list across customers (modules/admin).
export { operationOfAccount } from './kinds/transfer/transfer-account-filter.js';
export { manualOperations, type OperationScheduler } from './lifecycle/operation-scheduler.js';
export { derivedFunding, type FundingSource } from './funding/funding-source.js';
export {
  completeOperation,
  failOperation,
  operationForLifecycle,
  receiveDeposit,
  startProcessing,
} from './lifecycle/operations.lifecycle.js';
export { settlementStep } from './lifecycle/settlement-step.js';
export { KINDS } from './kinds/registry.js';
export { kindJobHandlers } from './lifecycle/kind-jobs.js';
export {
  PRODUCTION_DEPOSIT_TTL_MS,
  SANDBOX_EXPIRY_AFTER_STEP_MS,
} from './kinds/deposit/deposit.js';
export { parsePixPayment } from './kinds/pix-payment/pix-payment.js';
export { setPspEndToEndId } from './kinds/shared/psp-end-to-end-id.js';
export { parseWithdrawal } from './kinds/withdrawal/withdrawal.js';
export { reverseOperation } from './kinds/reversal/reverse-operation.js';
export { parsePixRefund } from './kinds/pix-refund/pix-refund.js';
export { startRefundReturn } from './kinds/pix-refund/refund-return.js';
export {
  creditArrivedDeposit,
  depositSeen,
  findAwaitingDeposit,
  openArrivedDeposit,
  setDepositBrCode,
  setDepositOnChain,
} from './kinds/deposit/deposit-arrival.js';
export type { OnChain, DepositDetails } from './kinds/deposit/deposit.js';
export { parseDeposit } from './kinds/deposit/deposit.js';
export {
  cryptoPayoutOf,
  setWithdrawalOnChain,
  type CryptoPayout,
} from './kinds/withdrawal/crypto-payout.js';
export {
  operatorMayDoAnything,
  type OperatorGuard,
  type OperatorStep,
} from './lifecycle/operator-guard.js';
