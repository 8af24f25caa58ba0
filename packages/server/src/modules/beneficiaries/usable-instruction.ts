import type { Db } from '../../db/database.js';
import { dialectOf, type Dialect } from '../../db/dialect.js';
import { hotRead, runHotRead } from '../../db/hot-reads.js';
import { isId } from '../../lib/ids.js';
import type { Beneficiary } from './beneficiaries.schemas.js';
import type { PaymentInstructionRow } from './payment-instructions.table.js';

/**
 * What an operation needs from the instruction it is asked to pay to: the instruction as it is
 * now (rail, asset, normalised details, review status, whether removed) and its holder. The
 * operation decides what is usable (APPROVED and not removed) and keeps this as its own
 * snapshot, so a later removal does not change past operations.
 */
export interface InstructionSnapshot {
  id: string;
  beneficiaryId: string;
  rail: PaymentInstructionRow['rail'];
  asset: string;
  details: Record<string, string>;
  status: PaymentInstructionRow['status'];
  removed: boolean;
  holder: Beneficiary['holder'];
}

/**
 * The instruction `instructionId` of this customer's beneficiary `beneficiaryId`, read with the
 * caller's handle (pass the operation's transaction); undefined when there is none for this
 * customer (a 404 to the caller). Pass the dialect to share-lock the instruction on PostgreSQL,
 * so a concurrent DELETE waits until the operation has committed (and the operation, run after
 * a committed DELETE, sees `removed`).
 */
export async function findUsableInstruction(
  db: Db,
  customerId: string,
  beneficiaryId: string,
  instructionId: string,
  dialect?: Dialect,
): Promise<InstructionSnapshot | undefined> {
  if (!isId('beneficiary', beneficiaryId) || !isId('paymentInstruction', instructionId)) {
    return undefined;
  }
  // One statement for the instruction and its holder (issue 17), a hot read (db/hot-reads.ts):
  // every withdrawal and PIX payment runs it.
  const ids = { customerId, beneficiaryId, instructionId };
  const [row] = await runHotRead(db, dialect ? INSTRUCTION_SHARED : INSTRUCTION, ids);
  if (!row) return undefined;
  return {
    id: row.id,
    beneficiaryId: row.beneficiary_id,
    rail: row.rail,
    asset: row.asset,
    details: JSON.parse(row.details) as Record<string, string>,
    status: row.status,
    removed: row.removed_at !== null,
    holder: {
      type: row.holder_type,
      name: row.holder_name,
      taxId: row.tax_id,
    },
  };
}

type InstructionIds = { customerId: string; beneficiaryId: string; instructionId: string };

const instructionWithHolder = (db: Db, v: InstructionIds) =>
  db
    .selectFrom('payment_instructions as i')
    .innerJoin('beneficiaries as b', (join) =>
      join.onRef('b.id', '=', 'i.beneficiary_id').onRef('b.customer_id', '=', 'i.customer_id'),
    )
    .select([
      'i.id',
      'i.beneficiary_id',
      'i.rail',
      'i.asset',
      'i.details',
      'i.status',
      'i.removed_at',
      'b.holder_type',
      'b.holder_name',
      'b.tax_id',
    ])
    .where('i.customer_id', '=', v.customerId)
    .where('i.beneficiary_id', '=', v.beneficiaryId)
    .where('i.id', '=', v.instructionId);

const KEYS = ['customerId', 'beneficiaryId', 'instructionId'] as const;

const INSTRUCTION = hotRead('usable_instruction', KEYS, instructionWithHolder);

/** Share-locked on PostgreSQL (a no-op on SQLite, whose write lock the transaction holds). */
const INSTRUCTION_SHARED = hotRead('usable_instruction_shared', KEYS, (db, v: InstructionIds) =>
  dialectOf(db).forShare(instructionWithHolder(db, v), 'i'),
);
