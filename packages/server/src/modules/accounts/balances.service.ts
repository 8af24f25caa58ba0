import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transact.js';
import { balancesAt, getBalances, listStatementEntries } from '../../ledger/index.js';
import type { Balance, LedgerEntryRow } from '../../ledger/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { reachesAccount, type Owner } from '../../lib/owner.js';
import { formatAmount, requireAssetEnabled, type Asset } from '../../lib/money.js';
import { buildPage, listScope, planPage, type PageResult } from '../../lib/pagination.js';
import { findAccount } from './accounts.repository.js';
import { assetsView, parseAssets, type AccountRow } from './accounts.table.js';
import { parseInstant, resolvePeriod, type Period } from './balance-instants.js';
import type {
  BalanceView,
  BalancesQuery,
  StatementEntry,
  StatementPeriod,
  StatementQuery,
} from './balances.schemas.js';

/** Reads of an account's money: balances and statement (the ledger's read side over HTTP). */
export class BalancesService {
  constructor(private readonly deps: { db: Db; cursors: CursorCodec; clock: Clock }) {}

  /**
   * The account's balances now (its balance rows), or with `at` as they stood at that instant,
   * from the journal (ledger/balances-at.ts); the answer then names the instant.
   */
  async balances(
    owner: Owner,
    accountId: string,
    query: BalancesQuery = {},
  ): Promise<{ at?: string; data: BalanceView[] }> {
    const account = await this.ownAccount(owner, accountId);
    if (query.at === undefined) {
      return { data: inAccountOrder(account, await getBalances(this.deps.db, account.id)) };
    }
    const at = parseInstant(query.at, 'at', this.deps.clock.now());
    const assets = parseAssets(account).map((a) => a.asset);
    // One snapshot: a journal committing meanwhile cannot show in one bucket and not the other.
    const balances = await readInOneSnapshot(this.deps.db, (trx) =>
      balancesAt(trx, account.id, assets, at),
    );
    return { at: toIso(at), data: balances.map(toBalanceView) };
  }

  /**
   * One page of the statement; with `from` or `to`, only the period (from, to] and its opening
   * and closing balances, read in one snapshot with the page so that, when the whole period fits
   * one page, opening + entries = closing holds within the answer even while money moves.
   */
  async statement(
    owner: Owner,
    accountId: string,
    query: StatementQuery,
  ): Promise<PageResult<StatementEntry> & { period?: StatementPeriod }> {
    const { customerId } = owner;
    const account = await this.ownAccount(owner, accountId);
    if (query.asset)
      requireAssetEnabled(parseAssets(account), query.asset, account.id, '/asset', 'query');
    const period = resolvePeriod(query, account.created_at, this.deps.clock.now());
    // The cursor is bound to the period as asked (milliseconds), not as resolved: a defaulted
    // `to` is "now" on every page, and the next page must accept the cursor of this one.
    const binding = {
      customerId,
      scope: listScope(
        'statement',
        {
          accountId: account.id,
          asset: query.asset,
          from: query.from === undefined ? undefined : period?.from,
          to: query.to === undefined ? undefined : period?.to,
        },
        query.sortOrder ?? 'DESCENDING',
      ),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const assets = query.asset ? [query.asset] : parseAssets(account).map((a) => a.asset);
    const { rows, ends } = await readInOneSnapshot(this.deps.db, async (db) => ({
      rows: await listStatementEntries(
        db,
        account.id,
        { asset: query.asset, bookedAfter: period?.from, bookedUntil: period?.to },
        plan,
      ),
      ends: period && (await periodEnds(db, account.id, assets, period)),
    }));
    const page = buildPage(
      rows,
      plan,
      (r) => ({ sortValue: r.position, id: r.id }),
      toStatementEntry,
      this.deps.cursors,
      binding,
    );
    return ends ? { ...page, period: ends } : page;
  }

  private async ownAccount(owner: Owner, accountId: string): Promise<AccountRow> {
    const row =
      isId('account', accountId) && reachesAccount(owner, accountId)
        ? await findAccount(this.deps.db, owner.customerId, accountId)
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
  return assetsView(account).map(({ asset }) =>
    toBalanceView(balances.find((b) => b.asset === asset) ?? { asset, available: 0n, pending: 0n }),
  );
}

/** A period's ends: the balances at `from` and at `to` (ledger/balances-at.ts). */
async function periodEnds(
  db: Db | Trx,
  accountId: string,
  assets: readonly Asset[],
  period: Period,
): Promise<StatementPeriod> {
  return {
    from: toIso(period.from),
    to: toIso(period.to),
    opening: (await balancesAt(db, accountId, assets, period.from)).map(toBalanceView),
    closing: (await balancesAt(db, accountId, assets, period.to)).map(toBalanceView),
  };
}

/**
 * Runs several reads on one snapshot (PostgreSQL: a repeatable-read transaction; SQLite: one
 * read transaction), as verifyLedger does, so postings committing meanwhile cannot show up in
 * some of the reads and not in others.
 */
function readInOneSnapshot<T>(db: Db, read: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
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
