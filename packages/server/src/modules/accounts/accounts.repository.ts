import type { Db } from '../../db/database.js';
import type { Metadata } from '../../lib/metadata.js';
import { readListPage } from '../../db/metadata-filter.js';
import { hotRead, runHotRead, type HotRead } from '../../db/hot-reads.js';
import { withinWeightInSql } from '../../db/page-weight.js';
import { applyKeyset } from '../../lib/keyset.js';
import { PAGE_WEIGHT, type KeysetPlan, type KeysetRead } from '../../lib/pagination.js';
import type {
  AccountAssetState,
  AccountRow,
  AccountStatus,
  AccountType,
  NewAccountRow,
} from './accounts.table.js';

export async function insertAccount(db: Db, account: NewAccountRow): Promise<void> {
  await db.insertInto('accounts').values(account).execute();
}

export async function findAccount(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  const [row] = await runHotRead(db, ACCOUNT_OF_CUSTOMER, { customerId, accountId });
  return row;
}

/**
 * The columns hot reads name, never `*`: a PostgreSQL prepared statement of `select *` fails
 * ("cached plan must not change result type") once a migration adds a column under a process
 * that prepared it, as in a rolling upgrade. A column missing here fails to compile (the reads
 * return `AccountRow`).
 */
export const ACCOUNT_COLUMNS = [
  'id',
  'customer_id',
  'type',
  'status',
  'name',
  'assets',
  'metadata',
  'created_at',
  'updated_at',
] as const;

/** An account of a customer: a hot read (db/hot-reads.ts), on the path of every account read. */
const ACCOUNT_OF_CUSTOMER = hotRead(
  'account_of_customer',
  ['customerId', 'accountId'],
  (db, v: { customerId: string; accountId: string }) =>
    db
      .selectFrom('accounts')
      .select(ACCOUNT_COLUMNS)
      .where('customer_id', '=', v.customerId)
      .where('id', '=', v.accountId),
);

/**
 * An account by id alone, for lifecycle steps acting on an id the system gave them (a job's
 * subject), never on a customer's input: those go through `findAccount`.
 */
export async function findAccountById(db: Db, accountId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export interface AccountFilters {
  type?: AccountType | undefined;
  status?: AccountStatus | undefined;
  /** Every pair must be in the account's metadata (lib/metadata-query.ts). */
  metadata?: Metadata | undefined;
  /** Only these accounts (a client bound to them: lib/owner.ts); undefined: every one. */
  ids?: readonly string[] | undefined;
}

/** One page of the customer's accounts; `candidates` is the metadata filter's bound (db/metadata-filter.ts). */
export async function listAccounts(
  db: Db,
  customerId: string,
  filters: AccountFilters,
  plan: KeysetPlan,
  candidates?: number,
): Promise<KeysetRead<AccountRow>> {
  const unfiltered =
    !filters.type &&
    !filters.status &&
    !filters.ids &&
    Object.keys(filters.metadata ?? {}).length === 0;
  if (unfiltered) {
    // The customer's plain list, the one every dashboard reads: a hot read (db/hot-reads.ts).
    const { after } = plan;
    const page = accountPage(plan.order, after !== undefined);
    const rows = await runHotRead(db, page, {
      customerId,
      fetch: plan.fetch,
      sortValue: after?.sortValue ?? 0,
      afterId: after?.id ?? '',
    });
    return { rows };
  }
  const list = { resource: 'accounts', customerId, candidates } as const;
  return readListPage(db, plan, list, filters.metadata, (rows) => {
    let query = rows.selectAll().where('customer_id', '=', customerId);
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.ids) query = query.where('id', 'in', filters.ids);
    return query;
  });
}

type PageValues = {
  customerId: string;
  fetch: number;
  sortValue: number | string;
  afterId: string;
};
const accountPages = new Map<string, HotRead<PageValues, AccountRow>>();

/** A page of a customer's accounts with no filter, in one order, first or after a position. */
function accountPage(
  order: 'asc' | 'desc',
  afterPosition: boolean,
): HotRead<PageValues, AccountRow> {
  const name = `account_page_${order}${afterPosition ? '_after' : ''}`;
  let read = accountPages.get(name);
  if (read === undefined) {
    const keys = ['customerId', 'fetch', 'sortValue', 'afterId'] as const;
    read = hotRead(
      name,
      keys.filter((key) => afterPosition || (key !== 'sortValue' && key !== 'afterId')),
      // Within the page weight in the statement itself: a page of heavy accounts reads about
      // ten of them, not 101 (db/page-weight.ts).
      (db, v: PageValues) =>
        withinWeightInSql(
          db,
          applyKeyset(
            db
              .selectFrom('accounts')
              .select(ACCOUNT_COLUMNS)
              .where('customer_id', '=', v.customerId),
            {
              order,
              fetch: v.fetch,
              after: afterPosition ? { sortValue: v.sortValue, id: v.afterId } : undefined,
            },
            'created_at',
            'id',
          ),
          order,
          'metadata',
          ACCOUNT_COLUMNS,
          PAGE_WEIGHT,
        ),
    );
    accountPages.set(name, read);
  }
  return read;
}

export async function updateAccountState(
  db: Db,
  accountId: string,
  state: { status: AccountStatus; assets: AccountAssetState[]; updatedAt: number },
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      status: state.status,
      assets: JSON.stringify(state.assets),
      updated_at: state.updatedAt,
    })
    .where('id', '=', accountId)
    .execute();
}

/**
 * Takes the account row's write lock (PostgreSQL: the row; SQLite: the database) with an update
 * that changes nothing, and returns the row: the read-modify-write of its assets JSON that
 * follows cannot interleave with another writer's (write first, read after: architecture.md).
 */
export async function lockAccountById(db: Db, accountId: string): Promise<AccountRow | undefined> {
  return db
    .updateTable('accounts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

/** Compare-and-set of the account's status (account-states.ts): moves it only from `from`. */
export function updateAccountStatus(
  db: Db,
  accountId: string,
  from: readonly AccountStatus[],
  to: AccountStatus,
  at: number,
) {
  return db
    .updateTable('accounts')
    .set({ status: to, updated_at: at })
    .where('id', '=', accountId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
}

/**
 * The customer's account with its row write-locked (an update that changes nothing, as
 * lockAccountById): a metadata merge that follows cannot interleave with another one.
 */
export async function lockAccount(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  return db
    .updateTable('accounts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

/** Writes the account's metadata column (its pairs: lib/metadata-entries.ts, same transaction). */
export async function updateAccountMetadata(
  db: Db,
  accountId: string,
  metadata: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ metadata, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}
