/**
 * The public surface of modules/beneficiaries/: code outside the folder imports only this file
 * (the layer rules: packages/server/.dependency-cruiser.cjs).
 */
export { beneficiariesRoutes } from './beneficiaries.routes.js';
export { Beneficiary, PaymentInstruction } from './beneficiaries.schemas.js';
export { BeneficiariesService } from './beneficiaries.service.js';
export { HOLDER_TYPES, RELATIONSHIP_TYPES } from './beneficiaries.table.js';
export type { BeneficiariesTable } from './beneficiaries.table.js';
export { toInstruction } from './beneficiary-view.js';
export { manualInstructionReview } from './instruction-scheduler.js';
export type { InstructionReviewScheduler } from './instruction-scheduler.js';
export { INSTRUCTION_STATUSES } from './instruction-states.js';
export type { InstructionStatus } from './instruction-states.js';
export { approve, instructionForReview, reject } from './instructions.lifecycle.js';
export { checkHolderTaxId, checkInstruction, PIX_KEY_TYPES } from './payment-instruction-rules.js';
export type { PixKeyType } from './payment-instruction-rules.js';
export type { PaymentInstructionsTable } from './payment-instructions.table.js';
export { findUsableInstruction } from './usable-instruction.js';
export type { InstructionSnapshot } from './usable-instruction.js';
