import { recordEvent } from '../../webhooks/index.js';
import type { Db } from '../../db/database.js';
import { transact } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { boundAccountList, reachesAccount, type Owner } from '../../lib/owner.js';
import type { CompleteIdempotent } from '../idempotency/index.js';
import {
  buildPage,
  listScope,
  planPage,
  storedWeight,
  withinPageWeight,
  type PageResult,
} from '../../lib/pagination.js';
import { mergeMetadata, metadataOf, parseMetadata, serializeMetadata } from '../../lib/metadata.js';
import { writeMetadataEntries } from '../../db/metadata-entries.js';
import { metadataScope } from '../../lib/metadata-query.js';
import type { StoredMetadata } from '../../lib/stored-metadata.js';
import type { AccountLifecycleScheduler } from './account-scheduler.js';
import {
  findAccount,
  insertAccount,
  listAccounts,
  lockAccount,
  updateAccountMetadata,
} from './accounts.repository.js';
import { balancesOfAccounts, openBalances, type Balance } from '../../ledger/index.js';
import { inAccountOrder } from './balances.service.js';
import type {
  Account,
  CreateAccountBody,
  ListAccountsQuery,
  PatchAccountBody,
} from './accounts.schemas.js';
import { assetsView, parseAssets, type AccountRow } from './accounts.table.js';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  cursors: CursorCodec;
  queue: JobQueue;
  /** Who takes an opened account's next lifecycle step (the sandbox simulator, or nobody). */
  lifecycle: AccountLifecycleScheduler;
  /** The metadata filter's candidate bound (db/metadata-filter.ts); its default unless a test sets one. */
  metadataFilterCandidates?: number | undefined;
}

export class AccountsService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly cursors: CursorCodec;

  constructor(private readonly deps: AccountsDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.cursors = deps.cursors;
  }

  /** Opens an account; its assets start ONBOARDING until the lifecycle step activates them. */
  async open(
    customerId: string,
    input: CreateAccountBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Account }> {
    const now = this.clock.now();
    const metadata = metadataOf(input.metadata);
    const account: AccountRow = {
      id: newId('account', now),
      customer_id: customerId,
      type: input.type,
      name: input.name ?? null,
      status: 'OPENING',
      assets: JSON.stringify(
        (input.assets ?? ['BRL']).map((asset) => ({ asset, status: 'ONBOARDING' })),
      ),
      metadata: serializeMetadata(metadata),
      created_at: now,
      updated_at: now,
    };
    const assets = parseAssets(account).map((a) => a.asset);
    const created = toAccount(
      account,
      assets.map((asset) => ({ asset, available: 0n, pending: 0n })),
    );
    await transact(this.db, async (tx) => {
      await insertAccount(tx.trx, account);
      await writeMetadataEntries(
        tx.trx,
        { resource: 'accounts', resourceId: account.id, customerId, createdAt: account.created_at },
        metadata,
      );
      await openBalances(tx.trx, { accountId: account.id, assets, at: now });
      await recordEvent(tx, this.deps.queue, {
        customerId,
        type: 'ACCOUNT_CREATED',
        resource: 'ACCOUNT',
        resourceId: account.id,
        data: created,
        at: now,
      });
      await this.deps.lifecycle.opened(tx, account);
      await complete(tx.trx, 201, created);
    });
    return { status: 201, body: created };
  }

  async get(owner: Owner, accountId: string): Promise<Account> {
    const row =
      isId('account', accountId) && reachesAccount(owner, accountId)
        ? await findAccount(this.db, owner.customerId, accountId)
        : undefined;
    if (!row) throw notFound('Account', accountId);
    return toAccount(row, (await balancesOfAccounts(this.db, [row.id])).get(row.id) ?? []);
  }

  /** A page of accounts; with `stored`, each item's metadata is a slot of it (lib/stored-metadata.ts). */
  async list(
    owner: Owner,
    query: ListAccountsQuery,
    stored?: StoredMetadata,
  ): Promise<PageResult<Account>> {
    const { customerId } = owner;
    const filters = { type: query.type, status: query.status, ids: boundAccountList(owner) };
    // The metadata filter is part of the cursor's scope: a cursor of another filter is refused.
    const binding = {
      customerId,
      scope: listScope(
        'accounts',
        { ...filters, metadata: metadataScope(query.metadata) },
        query.sortOrder ?? 'DESCENDING',
      ),
    };
    const plan = planPage(query, this.cursors, binding);
    const keyOf = (r: AccountRow) => ({ sortValue: r.created_at, id: r.id });
    const { rows, scannedTo } = withinPageWeight(
      await listAccounts(
        this.db,
        customerId,
        { ...filters, metadata: query.metadata },
        plan,
        this.deps.metadataFilterCandidates,
      ),
      plan,
      keyOf,
      (r) => storedWeight(r.metadata),
    );
    // The page's balances in one more query, not one per account.
    const balances = await balancesOfAccounts(
      this.db,
      rows.map((r) => r.id),
    );
    return buildPage(
      rows,
      plan,
      keyOf,
      (r) => toAccount(r, balances.get(r.id) ?? [], stored),
      this.cursors,
      binding,
      scannedTo,
    );
  }

  /**
   * Changes the account's metadata (the only member a PATCH takes): merged by the rule of
   * lib/metadata.ts. No event: the catalogue has no ACCOUNT_UPDATED; the next event of the
   * account carries the new metadata in its snapshot (docs/api.md "Metadata").
   */
  async update(owner: Owner, accountId: string, patch: PatchAccountBody): Promise<Account> {
    const { customerId } = owner;
    return transact(this.db, async ({ trx }) => {
      // Locked first (write, then read: docs/architecture.md), so two merges never interleave.
      const row =
        isId('account', accountId) && reachesAccount(owner, accountId)
          ? await lockAccount(trx, customerId, accountId)
          : undefined;
      if (!row) throw notFound('Account', accountId);
      const metadata = mergeMetadata(parseMetadata(row.metadata), patch.metadata);
      const now = this.clock.now();
      const written = { ...row, metadata: serializeMetadata(metadata), updated_at: now };
      await updateAccountMetadata(trx, row.id, written.metadata, now);
      await writeMetadataEntries(
        trx,
        { resource: 'accounts', resourceId: row.id, customerId, createdAt: row.created_at },
        metadata,
      );
      return toAccount(written, (await balancesOfAccounts(trx, [row.id])).get(row.id) ?? []);
    });
  }
}

export function toAccount(
  row: AccountRow,
  balances: readonly Balance[],
  stored?: StoredMetadata,
): Account {
  return {
    id: row.id,
    type: row.type,
    ...(row.name !== null ? { name: row.name } : {}),
    status: row.status,
    // Shared and frozen (assetsView); the response and event serialisers only read it.
    assets: assetsView(row) as Account['assets'],
    balances: inAccountOrder(row, balances),
    metadata: stored ? stored.slot(row.metadata) : parseMetadata(row.metadata),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * The API view of these accounts, their balances read in one query (not one per account): what
 * a reader across customers (the back-office) shows, the same as the customer API's.
 */
export async function accountViews(db: Db, rows: readonly AccountRow[]): Promise<Account[]> {
  const balances = await balancesOfAccounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAccount(row, balances.get(row.id) ?? []));
}
