import type { Db } from '../../../db/database.js';
import { toIso } from '../../../lib/clock.js';
import type { CursorCodec } from '../../../lib/cursor.js';
import { isId } from '../../../lib/ids.js';
import type { KeysetPlan, PageResult } from '../../../lib/pagination.js';
import { toInstruction } from '../../beneficiaries/index.js';
import { operatorAccounts, type OperatorAccountView } from '../accounts/account-view.js';
import {
  accountsForOperatorQuery,
  findAccountForOperator,
} from '../accounts/accounts.repository.js';
import { toOperatorCustomer } from '../customers/customer-view.js';
import { customersForOperatorQuery } from '../customers/customers.repository.js';
import type { OperatorCustomer } from '../customers/customers.schemas.js';
import type { OperatorInstructionView } from '../instructions/instruction-view.js';
import {
  instructionsForOperatorQuery,
  type OperatorInstructionRow,
} from '../instructions/instructions.repository.js';
import { operatorOperations, type OperatorOperationView } from '../operations/operation-view.js';
import {
  operationsForOperatorQuery,
  type OperatorOperationFilters,
} from '../operations/operations.repository.js';
import { operatorPage } from '../operator-page.js';
import type {
  AccountListQuery,
  CustomerListQuery,
  InstructionListQuery,
  OperationListQuery,
} from './lists.schemas.js';

/** A row of the review queue (lists.schemas.ts OperatorInstructionItem). */
export interface OperatorInstructionItem extends OperatorInstructionView {
  holder: { type: 'INDIVIDUAL' | 'COMPANY'; name: string; taxId: string };
  relationshipType: 'SELF_OWNED' | 'THIRD_PARTY';
  removedAt: string | null;
}

/**
 * The back-office's lists across customers (docs/admin.md "Finding what to act on"): every
 * customer, the review queue, operations and accounts, each paginated exactly like every list.
 * Cursors are bound to the operator (never a customer id) and to the list, its filters and its
 * sort order, so a customer's cursor, another list's or another filter's is 400 INVALID_CURSOR
 * (operator-page.ts). Reads only: nothing here is audited.
 */
export class OperatorLists {
  constructor(private readonly deps: { db: Db; cursors: CursorCodec }) {}

  customers(query: CustomerListQuery): Promise<PageResult<OperatorCustomer>> {
    return operatorPage(this.deps.cursors, query, {
      list: 'admin.customers',
      filters: {},
      read: (plan) => customersForOperatorQuery(this.deps.db, plan).execute(),
      view: (rows) => rows.map(toOperatorCustomer),
    });
  }

  instructions(query: InstructionListQuery): Promise<PageResult<OperatorInstructionItem>> {
    const filters = {
      status: query.status,
      customerId: query.customerId,
      beneficiaryId: query.beneficiaryId,
    };
    return operatorPage(this.deps.cursors, query, {
      list: 'admin.paymentInstructions',
      filters,
      read: (plan) => instructionsForOperatorQuery(this.deps.db, filters, plan).execute(),
      view: (rows) => rows.map(toInstructionItem),
    });
  }

  operations(query: OperationListQuery): Promise<PageResult<OperatorOperationView>> {
    const filters = {
      status: query.status,
      type: query.type,
      customerId: query.customerId,
      accountId: query.accountId,
    };
    return operatorPage(this.deps.cursors, query, {
      list: 'admin.operations',
      filters,
      read: (plan) => this.operationRows(filters, plan),
      view: (rows) => operatorOperations(this.deps.db, rows),
    });
  }

  accounts(query: AccountListQuery): Promise<PageResult<OperatorAccountView>> {
    const filters = { status: query.status, customerId: query.customerId };
    return operatorPage(this.deps.cursors, query, {
      list: 'admin.accounts',
      filters,
      read: (plan) => accountsForOperatorQuery(this.deps.db, filters, plan).execute(),
      // The page's balances in one more query, not one per account.
      view: (rows) => operatorAccounts(this.deps.db, rows),
    });
  }

  /**
   * An account names its customer: the list then walks the customer's own account index (the
   * customer API's), with no index across customers by account.
   */
  private async operationRows(filters: OperatorOperationFilters, plan: KeysetPlan) {
    let customerId = filters.customerId;
    if (filters.accountId !== undefined) {
      const account =
        isId('account', filters.accountId) &&
        (await findAccountForOperator(this.deps.db, filters.accountId));
      if (!account || (customerId !== undefined && customerId !== account.customer_id)) {
        return [];
      }
      customerId = account.customer_id;
    }
    return operationsForOperatorQuery(this.deps.db, { ...filters, customerId }, plan).execute();
  }
}

const toInstructionItem = (row: OperatorInstructionRow): OperatorInstructionItem => ({
  customerId: row.customer_id,
  beneficiaryId: row.beneficiary_id,
  holder: { type: row.holder_type, name: row.holder_name, taxId: row.tax_id },
  relationshipType: row.relationship_type,
  removedAt: row.removed_at === null ? null : toIso(row.removed_at),
  instruction: toInstruction(row),
});
