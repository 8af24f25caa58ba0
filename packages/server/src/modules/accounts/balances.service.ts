import type { Db } from '../../db/database.js';
import type { Balance } from '../../ledger/balances.repository.js';
import { getBalances } from '../../ledger/ledger.js';
import { listStatementEntries } from '../../ledger/statement.repository.js';
import type { LedgerEntryRow } from '../../ledger/ledger.tables.js';
import { toIso } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { formatAmount, requireAssetEnabled } from '../../lib/money.js';
import { buildPage, listScope, planPage, type PageResult } from '../../lib/pagination.js';
import { findAccount } from './accounts.repository.js';
import { parseAssets, type AccountRow } from './accounts.table.js';
import type { BalanceView, StatementEntry, StatementQuery } from './balances.schemas.js';

/** Reads of an account's money: balances and statement (the ledger's read side over HTTP). */
export class BalancesService {
  constructor(private readonly deps: { db: Db; cursors: CursorCodec }) {}

  async balances(customerId: string, accountId: string): Promise<BalanceView[]> {
    const account = await this.ownAccount(customerId, accountId);
    return inAccountOrder(account, await getBalances(this.deps.db, account.id));
  }

  async statement(
    customerId: string,
    accountId: string,
    query: StatementQuery,
  ): Promise<PageResult<StatementEntry>> {
    const account = await this.ownAccount(customerId, accountId);
    if (query.asset)
      requireAssetEnabled(parseAssets(account), query.asset, account.id, '/asset', 'query');
    const filters = { accountId: account.id, asset: query.asset };
    const binding = {
      customerId,
      scope: listScope('statement', filters, query.sortOrder ?? 'DESCENDING'),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const rows = await listStatementEntries(this.deps.db, account.id, filters, plan);
    return buildPage(
      rows,
      plan,
      (r) => ({ sortValue: r.position, id: r.id }),
      toStatementEntry,
      this.deps.cursors,
      binding,
    );
  }

  private async ownAccount(customerId: string, accountId: string): Promise<AccountRow> {
    const row = isId('account', accountId)
      ? await findAccount(this.deps.db, customerId, accountId)
      : undefined;
    if (!row) throw notFound('Account', accountId);
    return row;
  }
}

/**
 * An account's balances as the API shows them: in the order of the account's `assets` (the
 * order they were requested in), one per asset, so the account record and the balances route
 * always agree.
 */
export function inAccountOrder(account: AccountRow, balances: readonly Balance[]): BalanceView[] {
  return parseAssets(account).map(({ asset }) =>
    toBalanceView(balances.find((b) => b.asset === asset) ?? { asset, available: 0n, pending: 0n }),
  );
}

export function toBalanceView(balance: Balance): BalanceView {
  return {
    asset: balance.asset,
    available: formatAmount(balance.available, balance.asset),
    pending: formatAmount(balance.pending, balance.asset),
    total: formatAmount(balance.available + balance.pending, balance.asset),
  };
}

function toStatementEntry(row: LedgerEntryRow): StatementEntry {
  return {
    id: row.id,
    operationId: row.operation_id,
    direction: row.direction,
    amount: formatAmount(row.amount, row.asset),
    asset: row.asset,
    balanceAfter: formatAmount(row.balance_after, row.asset),
    description: row.description,
    createdAt: toIso(row.created_at),
  };
}
