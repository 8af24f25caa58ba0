import type { Db } from '../../db/database.js';
import type { CursorBinding, CursorCodec } from '../../lib/cursor.js';
import { toIso } from '../../lib/clock.js';
import { isId } from '../../lib/ids.js';
import {
  buildPage,
  listScope,
  planPage,
  type KeysetPlan,
  type PageQuery,
  type PageResult,
} from '../../lib/pagination.js';
import { balancesOfAccounts } from '../../ledger/index.js';
import { operationViews } from '../../operations/index.js';
import { toAccount } from '../accounts/index.js';
import { toInstruction } from '../beneficiaries/index.js';
import type {
  AccountListQuery,
  CustomerListQuery,
  InstructionListQuery,
  OperationListQuery,
} from './admin-lists.schemas.js';
import {
  accountsForOperatorQuery,
  customersForOperatorQuery,
  findAccountForOperator,
  instructionsForOperatorQuery,
  operationsForOperatorQuery,
  type OperatorInstructionRow,
} from './admin.repository.js';
import type { OperatorCustomer } from './admin.schemas.js';
import {
  OPERATOR_CURSOR_OWNER,
  toOperatorCustomer,
  type OperatorAccountView,
  type OperatorInstructionItem,
  type OperatorOperationView,
} from './admin-views.js';

/**
 * The back-office's lists across customers (docs/admin.md "Finding what to act on"): every
 * customer, the review queue, operations and accounts, each paginated exactly like every list.
 * Cursors are bound to the operator (never a customer id) and to the list, its filters and its
 * sort order, so a customer's cursor, another list's or another filter's is 400 INVALID_CURSOR.
 * Reads only: nothing here is audited.
 */
export class OperatorLists {
  constructor(private readonly deps: { db: Db; cursors: CursorCodec }) {}

  customers(query: CustomerListQuery): Promise<PageResult<OperatorCustomer>> {
    return this.page(
      'admin.customers',
      {},
      query,
      (plan) => customersForOperatorQuery(this.deps.db, plan).execute(),
      (rows) => rows.map(toOperatorCustomer),
    );
  }

  instructions(query: InstructionListQuery): Promise<PageResult<OperatorInstructionItem>> {
    const filters = {
      status: query.status,
      customerId: query.customerId,
      beneficiaryId: query.beneficiaryId,
    };
    return this.page(
      'admin.paymentInstructions',
      filters,
      query,
      (plan) => instructionsForOperatorQuery(this.deps.db, filters, plan).execute(),
      (rows) => rows.map(toInstructionItem),
    );
  }

  operations(query: OperationListQuery): Promise<PageResult<OperatorOperationView>> {
    const filters = {
      status: query.status,
      type: query.type,
      customerId: query.customerId,
      accountId: query.accountId,
    };
    return this.page(
      'admin.operations',
      filters,
      query,
      async (plan) => {
        // An account names its customer: the list then walks the customer's own account index
        // (the customer API's), with no index across customers by account.
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
      },
      async (rows) =>
        (await operationViews(this.deps.db, rows)).map((operation, i) => ({
          customerId: rows[i]!.customer_id,
          operation,
        })),
    );
  }

  accounts(query: AccountListQuery): Promise<PageResult<OperatorAccountView>> {
    const filters = { status: query.status, customerId: query.customerId };
    return this.page(
      'admin.accounts',
      filters,
      query,
      (plan) => accountsForOperatorQuery(this.deps.db, filters, plan).execute(),
      async (rows) => {
        // The page's balances in one more query, not one per account.
        const balances = await balancesOfAccounts(
          this.deps.db,
          rows.map((r) => r.id),
        );
        return rows.map((row) => ({
          customerId: row.customer_id,
          account: toAccount(row, balances.get(row.id) ?? []),
        }));
      },
    );
  }

  /**
   * One page: the cursor checked against this list's binding, the rows read by `read`, the
   * page's rows (not the one extra that says whether there is more) turned into items by `view`.
   */
  private async page<Row extends { id: string; created_at: number }, Item>(
    list: string,
    filters: Record<string, unknown>,
    query: PageQuery,
    read: (plan: KeysetPlan) => Promise<Row[]>,
    view: (rows: Row[]) => Item[] | Promise<Item[]>,
  ): Promise<PageResult<Item>> {
    const binding: CursorBinding = {
      customerId: OPERATOR_CURSOR_OWNER,
      scope: listScope(list, filters, query.sortOrder ?? 'DESCENDING'),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const rows = await read(plan);
    const pageRows = rows.slice(0, plan.limit);
    const items = await view(pageRows);
    const byId = new Map(pageRows.map((row, i) => [row.id, items[i]!]));
    return buildPage(
      rows,
      plan,
      (r) => ({ sortValue: r.created_at, id: r.id }),
      (r) => byId.get(r.id)!,
      this.deps.cursors,
      binding,
    );
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
