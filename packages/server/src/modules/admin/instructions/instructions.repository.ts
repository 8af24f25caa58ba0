import type { Db } from '../../../db/database.js';
import { applyKeyset } from '../../../lib/keyset.js';
import type { KeysetPlan } from '../../../lib/pagination.js';
import type { InstructionStatus } from '../../beneficiaries/index.js';

// Across customers on purpose, like every back-office read; a list returns its query, for the
// query-plan test (customers.repository.ts).

export function findInstructionForOperator(db: Db, instructionId: string) {
  return db
    .selectFrom('payment_instructions')
    .selectAll()
    .where('id', '=', instructionId)
    .executeTakeFirst();
}

export interface OperatorInstructionFilters {
  status?: InstructionStatus | undefined;
  customerId?: string | undefined;
  beneficiaryId?: string | undefined;
}

/** Instructions with their beneficiary's holder (a primary-key join per row of the page). */
export function instructionsForOperatorQuery(
  db: Db,
  filters: OperatorInstructionFilters,
  plan: KeysetPlan,
) {
  let query = db
    .selectFrom('payment_instructions as pi')
    .innerJoin('beneficiaries as b', 'b.id', 'pi.beneficiary_id')
    .selectAll('pi')
    .select(['b.holder_type', 'b.holder_name', 'b.tax_id', 'b.relationship_type']);
  if (filters.status) query = query.where('pi.status', '=', filters.status);
  if (filters.customerId) query = query.where('pi.customer_id', '=', filters.customerId);
  if (filters.beneficiaryId) query = query.where('pi.beneficiary_id', '=', filters.beneficiaryId);
  return applyKeyset(query, plan, 'pi.created_at', 'pi.id');
}

export type OperatorInstructionRow = Awaited<
  ReturnType<ReturnType<typeof instructionsForOperatorQuery>['execute']>
>[number];
