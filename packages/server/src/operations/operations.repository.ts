import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { hotRead, runHotRead } from '../db/hot-reads.js';
import { ACCOUNT_COLUMNS, findAccount, type AccountRow } from '../modules/accounts/index.js';
import type { Trx } from '../db/transact.js';
import type { Metadata } from '../lib/metadata.js';
import { readListPage } from '../db/metadata-filter.js';
import type { KeysetPlan, KeysetRead } from '../lib/pagination.js';
import type { Asset } from '../lib/money.js';
import { reachesAccount, type Owner } from '../lib/owner.js';
import {
  onOrWithAccounts,
  readOperationsOfAccounts,
  type OperationRows,
} from './read-operations-of-accounts.js';
import type { OperationStatus, OperationType } from './operation-states.js';
import type {
  NewOperationRow,
  OperationRow,
  OperationStateRow,
  Reason,
} from './operations.table.js';

export async function insertOperation(trx: Trx, row: NewOperationRow): Promise<void> {
  await trx.insertInto('operations').values(row).execute();
}

/**
 * A new operation's row and its first history row (`row.status`, seq 0, at `created_at`), then
 * the operation's account read again (the pipeline's re-check after its first write). On
 * PostgreSQL all three are one statement (data-modifying CTEs: two round trips fewer on every
 * creating request, issue 17; the read sees the same committed account a separate statement
 * would, since neither locks it); elsewhere three statements. Both forms are hot statements
 * (db/hot-reads.ts): built and compiled once, their values bound.
 */
export async function insertOperationWithState(
  trx: Trx,
  row: OperationRow,
  /** The account as read in this transaction already: SQLite does not read it again. */
  readHere?: AccountRow,
): Promise<AccountRow | undefined> {
  if (!dialectOf(trx).writesInOneStatement) {
    await runHotRead(trx, INSERT_OPERATION, row);
    await runHotRead(trx, INSERT_FIRST_STATE, row);
    return readHere ?? findAccount(trx, row.customer_id, row.account_id);
  }
  const [account] = await runHotRead(trx, INSERT_OPERATION_WITH_STATE, row);
  return account;
}

/** Every column of an operation row, in the order its hot statements bind them. */
const OPERATION_COLUMNS = [
  'id',
  'customer_id',
  'account_id',
  'type',
  'status',
  'asset',
  'amount',
  'details',
  'metadata',
  'counterparty_account_id',
  'reason_code',
  'reason_message',
  'external_reference',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof OperationRow)[];

const INSERT_OPERATION = hotRead('insert_operation', OPERATION_COLUMNS, (db, row: OperationRow) =>
  db.insertInto('operations').values(row),
);

const INSERT_FIRST_STATE = hotRead(
  'insert_first_operation_state',
  ['id', 'status', 'created_at'],
  (db, row: Pick<OperationRow, 'id' | 'status' | 'created_at'>) =>
    db.insertInto('operation_states').values({
      operation_id: row.id,
      status: row.status,
      reason_code: sql.lit(null),
      reason_message: sql.lit(null),
      at: row.created_at,
      seq: sql.lit(0),
    }),
);

const INSERT_OPERATION_WITH_STATE = hotRead(
  'insert_operation_with_state',
  OPERATION_COLUMNS,
  (db, row: OperationRow) =>
    db
      .with('o', (db) => db.insertInto('operations').values(row).returning(['id']))
      .with('s', (db) =>
        db
          .insertInto('operation_states')
          .columns(['operation_id', 'status', 'reason_code', 'reason_message', 'at', 'seq'])
          .expression((eb) =>
            eb
              .selectFrom('o')
              .select([
                'o.id',
                sql<OperationStatus>`${row.status}::text`.as('status'),
                sql<null>`null::text`.as('reason_code'),
                sql<null>`null::text`.as('reason_message'),
                sql<number>`${row.created_at}::bigint`.as('at'),
                sql<number>`0`.as('seq'),
              ]),
          ),
      )
      .selectFrom('accounts')
      .select(ACCOUNT_COLUMNS)
      .where('customer_id', '=', row.customer_id)
      .where('id', '=', row.account_id),
);

export async function findOperation(
  db: Db,
  customerId: string,
  operationId: string,
): Promise<OperationRow | undefined> {
  return db
    .selectFrom('operations')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', operationId)
    .executeTakeFirst();
}

/**
 * The owner's operation: the customer's, on an account the client is bound to or moving money
 * with one (a transfer is seen from both its accounts, as the `accountId` filter sees it);
 * undefined otherwise, which the caller answers 404 as for another customer's.
 */
export async function findOwnOperation(
  db: Db,
  owner: Owner,
  operationId: string,
): Promise<OperationRow | undefined> {
  const row = await findOperation(db, owner.customerId, operationId);
  return row && operationVisibleTo(owner, row) ? row : undefined;
}

/** Whether a bound owner (lib/owner.ts) sees this operation of its customer. */
export function operationVisibleTo(
  owner: Owner,
  row: Pick<OperationRow, 'account_id' | 'counterparty_account_id'>,
): boolean {
  const counterparty = row.counterparty_account_id;
  return (
    reachesAccount(owner, row.account_id) ||
    (counterparty !== null && reachesAccount(owner, counterparty))
  );
}

/** By id alone: for lifecycle steps and the back-office, never for a customer's input. */
export async function findOperationById(
  db: Db,
  operationId: string,
): Promise<OperationRow | undefined> {
  return db.selectFrom('operations').selectAll().where('id', '=', operationId).executeTakeFirst();
}

/** The list's filters, normalised (pipeline of GET /v1/operations: operations.service.ts). */
export interface OperationFilters {
  /** Sorted, distinct; undefined = every type. Likewise `statuses` and `assets`. */
  types?: OperationType[] | undefined;
  statuses?: OperationStatus[] | undefined;
  assets?: Asset[] | undefined;
  accountId?: string | undefined;
  /** Only operations on or with these accounts (a client bound to them: lib/owner.ts). */
  boundAccounts?: readonly string[] | undefined;
  metadata?: Metadata | undefined;
  externalReference?: string | undefined;
  /** Inclusive lower bound of created_at (ms). */
  from?: number | undefined;
  /** Exclusive upper bound of created_at (ms). */
  to?: number | undefined;
}

/**
 * One page of a customer's operations. Each filter is an equality (or a few) or a range on a
 * column that follows customer_id in one of the operations indexes (0008, 0019), so a page
 * filtered by one of them is a range read in order; a metadata filter reads a bounded run of
 * candidates first (db/metadata-filter.ts; `candidates` is its bound). An account filter (the
 * `accountId` filter, a bound client's accounts) is one ordered read per account and column,
 * each stopping at the page's size (read-operations-of-accounts.ts); with a metadata filter it
 * is checked on the candidates instead, already bounded.
 */
export async function listOperations(
  db: Db,
  customerId: string,
  filters: OperationFilters,
  plan: KeysetPlan,
  candidates?: number,
): Promise<KeysetRead<OperationRow>> {
  const own = (rows: OperationRows) => withOwnFilters(rows, customerId, filters);
  const accounts = listedAccounts(filters);
  // No account to list (the filter names one the client is not bound to): nothing to read.
  if (accounts?.length === 0) return { rows: [] };
  if (accounts !== undefined && Object.keys(filters.metadata ?? {}).length === 0) {
    // The window bounds each account's range instead (both ends of it): as separate terms
    // too, it would offer the planners the customer's index on created_at, read unordered.
    const window = { from: filters.from, to: filters.to };
    const unwindowed = { ...filters, from: undefined, to: undefined };
    const rowsOf = (rows: OperationRows) => withOwnFilters(rows, customerId, unwindowed);
    return { rows: await readOperationsOfAccounts(db, accounts, plan, rowsOf, window) };
  }
  const list = {
    resource: 'operations',
    customerId,
    createdFrom: filters.from,
    createdTo: filters.to,
    candidates,
  } as const;
  return readListPage(db, plan, list, filters.metadata, (rows) => {
    let query = own(rows.selectAll());
    if (accounts !== undefined) query = query.where((eb) => onOrWithAccounts(eb, accounts));
    return query;
  });
}

/**
 * The accounts whose operations the list holds (on or with them), undefined for every account:
 * the `accountId` filter's, a bound client's, or, with both, the filter's account when it is
 * bound and none otherwise (docs/api.md "Clients bound to accounts": another account's filter
 * is an empty page, as for another customer's).
 */
function listedAccounts(filters: OperationFilters): readonly string[] | undefined {
  const { accountId, boundAccounts } = filters;
  if (accountId === undefined) return boundAccounts;
  if (boundAccounts === undefined || boundAccounts.includes(accountId)) return [accountId];
  return [];
}

/** The list's filters but its accounts and metadata. */
function withOwnFilters(
  rows: OperationRows,
  customerId: string,
  filters: OperationFilters,
): OperationRows {
  let query = rows.where('customer_id', '=', customerId);
  if (filters.types) query = query.where('type', 'in', filters.types);
  if (filters.statuses) query = query.where('status', 'in', filters.statuses);
  if (filters.assets) query = query.where('asset', 'in', filters.assets);
  if (filters.externalReference !== undefined) {
    query = query.where('external_reference', '=', filters.externalReference);
  }
  if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('created_at', '<', filters.to);
  return query;
}

/** The customer's operation with this external reference (at most one: the 0019 unique index). */
export async function findOperationByExternalReference(
  db: Db,
  customerId: string,
  externalReference: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('operations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('external_reference', '=', externalReference)
    .executeTakeFirst();
}

/** The states of these operations, oldest first within each. */
export async function statesOf(db: Db, operationIds: string[]): Promise<OperationStateRow[]> {
  if (operationIds.length === 0) return [];
  return db
    .selectFrom('operation_states')
    .selectAll()
    .where('operation_id', 'in', operationIds)
    .orderBy('operation_id')
    .orderBy('seq')
    .execute();
}

export async function insertState(
  trx: Trx,
  operationId: string,
  status: OperationStatus,
  reason: Reason | null,
  at: number,
  seq: number,
): Promise<void> {
  await trx
    .insertInto('operation_states')
    .values({
      operation_id: operationId,
      status,
      reason_code: reason?.code ?? null,
      reason_message: reason?.message ?? null,
      at,
      seq,
    })
    .execute();
}
