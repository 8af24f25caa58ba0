import { toIso } from '../../lib/clock.js';
import { parseMetadata } from '../../lib/metadata.js';
import type { StoredMetadata } from '../../lib/stored-metadata.js';
import type { Beneficiary, PaymentInstruction } from './beneficiaries.schemas.js';
import type { BeneficiaryRow } from './beneficiaries.table.js';
import type { PaymentInstructionRow } from './payment-instructions.table.js';

/** Row → API mapping, shared by the service (answers) and the lifecycle (event data). */
export function toInstruction(row: PaymentInstructionRow): PaymentInstruction {
  const details = JSON.parse(row.details) as Record<string, string>;
  return {
    id: row.id,
    rail: row.rail,
    asset: row.asset,
    ...details,
    status: row.status,
    reason:
      row.reason_code !== null
        ? { code: row.reason_code, message: row.reason_message ?? '' }
        : null,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  } as PaymentInstruction;
}

export function toBeneficiary(
  row: BeneficiaryRow,
  instructions: PaymentInstructionRow[],
  stored?: StoredMetadata,
): Beneficiary {
  return {
    id: row.id,
    holder: { type: row.holder_type, name: row.holder_name, taxId: row.tax_id },
    relationshipType: row.relationship_type,
    paymentInstructions: instructions.map(toInstruction),
    metadata: stored ? stored.slot(row.metadata) : parseMetadata(row.metadata),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
