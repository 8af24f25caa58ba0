import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import type { Trx } from '../../db/transact.js';
import type { Metadata } from '../../lib/metadata.js';
import { readListPage } from '../../db/metadata-filter.js';
import type { KeysetPlan, KeysetRead } from '../../lib/pagination.js';
import type { BeneficiaryRow, NewBeneficiaryRow } from './beneficiaries.table.js';
import type { InstructionStatus } from './instruction-states.js';
import type {
  NewPaymentInstructionRow,
  PaymentInstructionRow,
} from './payment-instructions.table.js';

export async function insertBeneficiary(db: Db, row: NewBeneficiaryRow): Promise<void> {
  await db.insertInto('beneficiaries').values(row).execute();
}

export async function findBeneficiary(
  db: Db,
  customerId: string,
  beneficiaryId: string,
): Promise<BeneficiaryRow | undefined> {
  return db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', beneficiaryId)
    .executeTakeFirst();
}

/** One page of the customer's beneficiaries; `candidates` is the metadata filter's bound (db/metadata-filter.ts). */
export async function listBeneficiaries(
  db: Db,
  customerId: string,
  filters: { taxId?: string | undefined; metadata?: Metadata | undefined },
  plan: KeysetPlan,
  candidates?: number,
): Promise<KeysetRead<BeneficiaryRow>> {
  const list = { resource: 'beneficiaries', customerId, candidates } as const;
  return readListPage(db, plan, list, filters.metadata, (rows) => {
    const query = rows.selectAll().where('customer_id', '=', customerId);
    return filters.taxId ? query.where('tax_id', '=', filters.taxId) : query;
  });
}

/**
 * The customer's beneficiary with its row write-locked (an update that changes nothing): a
 * metadata merge that follows cannot interleave with another (write first, read after).
 */
export async function lockBeneficiary(
  db: Db,
  customerId: string,
  beneficiaryId: string,
): Promise<BeneficiaryRow | undefined> {
  return db
    .updateTable('beneficiaries')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', beneficiaryId)
    .returningAll()
    .executeTakeFirst();
}

/** Writes the beneficiary's metadata column (its pairs: lib/metadata-entries.ts, same tx). */
export async function updateBeneficiaryMetadata(
  db: Db,
  beneficiaryId: string,
  metadata: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('beneficiaries')
    .set({ metadata, updated_at: at })
    .where('id', '=', beneficiaryId)
    .execute();
}

export async function touchBeneficiary(db: Db, beneficiaryId: string, at: number): Promise<void> {
  await db
    .updateTable('beneficiaries')
    .set({ updated_at: at })
    .where('id', '=', beneficiaryId)
    .execute();
}

/** Whether an instruction with this fingerprint, not removed, exists on the beneficiary. */
export async function hasLiveInstruction(
  db: Db,
  beneficiaryId: string,
  fingerprint: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('payment_instructions')
    .select('id')
    .where('beneficiary_id', '=', beneficiaryId)
    .where('fingerprint', '=', fingerprint)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInstruction(db: Db, row: NewPaymentInstructionRow): Promise<void> {
  await db.insertInto('payment_instructions').values(row).execute();
}

/** The instructions not removed of these beneficiaries, oldest first. */
export async function liveInstructionsOf(
  db: Db,
  beneficiaryIds: string[],
): Promise<PaymentInstructionRow[]> {
  if (beneficiaryIds.length === 0) return [];
  return db
    .selectFrom('payment_instructions')
    .selectAll()
    .where('beneficiary_id', 'in', beneficiaryIds)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * One instruction of the customer's beneficiary, removed or not. With a dialect the row is
 * share-locked (PostgreSQL): a concurrent removal waits for the caller's commit.
 */
export async function findInstruction(
  db: Db,
  customerId: string,
  beneficiaryId: string,
  instructionId: string,
  dialect?: Dialect,
): Promise<PaymentInstructionRow | undefined> {
  const query = db
    .selectFrom('payment_instructions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('beneficiary_id', '=', beneficiaryId)
    .where('id', '=', instructionId);
  return (dialect ? dialect.forShare(query) : query).executeTakeFirst();
}

/**
 * An instruction by id alone, for lifecycle steps acting on an id the system gave them (a job's
 * subject) or the back-office; customers' requests go through `findInstruction`.
 */
export async function findInstructionById(
  db: Db,
  instructionId: string,
): Promise<PaymentInstructionRow | undefined> {
  return db
    .selectFrom('payment_instructions')
    .selectAll()
    .where('id', '=', instructionId)
    .executeTakeFirst();
}

export async function findBeneficiaryById(
  db: Db,
  beneficiaryId: string,
): Promise<BeneficiaryRow | undefined> {
  return db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('id', '=', beneficiaryId)
    .executeTakeFirst();
}

/** Soft removal, once: 0 rows when it was already removed (or is not the customer's). */
export async function removeInstruction(
  db: Db,
  customerId: string,
  beneficiaryId: string,
  instructionId: string,
  at: number,
): Promise<number> {
  const result = await db
    .updateTable('payment_instructions')
    .set({ removed_at: at, updated_at: at })
    .where('customer_id', '=', customerId)
    .where('beneficiary_id', '=', beneficiaryId)
    .where('id', '=', instructionId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The review's compare-and-set: moves only rows still in one of `from`. */
export async function updateInstructionStatus(
  trx: Trx,
  instructionId: string,
  from: InstructionStatus[],
  to: { status: InstructionStatus; reason: { code: string; message: string } | null; at: number },
): Promise<number> {
  const result = await trx
    .updateTable('payment_instructions')
    .set({
      status: to.status,
      reason_code: to.reason?.code ?? null,
      reason_message: to.reason?.message ?? null,
      updated_at: to.at,
    })
    .where('id', '=', instructionId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether `error` is a unique-constraint violation, on either engine (now in db/, shared). */
export { isUniqueViolation } from '../../db/unique-violation.js';
