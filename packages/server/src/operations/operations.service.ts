import type { OperationRow } from './operations.table.js';
import { notFound } from '../lib/errors.js';
import { isId } from '../lib/ids.js';
import { metadataScope } from '../lib/metadata-query.js';
import {
  buildPage,
  listScope,
  planPage,
  storedWeight,
  withinPageWeight,
  type PageResult,
} from '../lib/pagination.js';
import { parseAssets } from '../modules/accounts/index.js';
import { standingFunding } from './kinds/deposit/deposit.js';
import type { OperationDeps } from './operation-deps.js';
import { operationListFilters } from './operation-list-filters.js';
import { operationViews } from './operation-view.js';
import { findOwnOperation, listOperations } from './operations.repository.js';
import { boundAccountList, type Owner } from '../lib/owner.js';
import type { ListOperationsQuery, Operation } from './operations.schemas.js';
import { ownAccount } from './pipeline/own-account.js';
import type { StoredMetadata } from '../lib/stored-metadata.js';

/** Reading operations: one, a page of them, an account's standing funding instructions. */
export class OperationsService {
  constructor(
    private readonly deps: Pick<
      OperationDeps,
      'db' | 'cursors' | 'metadataFilterCandidates' | 'funding'
    >,
  ) {}

  async get(owner: Owner, operationId: string): Promise<Operation> {
    const row = isId('operation', operationId)
      ? await findOwnOperation(this.deps.db, owner, operationId)
      : undefined;
    if (!row) throw notFound('Operation', operationId);
    const [view] = await operationViews(this.deps.db, [row]);
    return view!;
  }

  /** A page of operations; with `stored`, each item's metadata is a slot of it (lib/stored-metadata.ts). */
  async list(
    owner: Owner,
    query: ListOperationsQuery,
    stored?: StoredMetadata,
  ): Promise<PageResult<Operation>> {
    const { customerId } = owner;
    // The bound accounts are part of the cursor's scope too: a cursor read before the client's
    // accounts changed is refused rather than continued over another set.
    const filters = { ...operationListFilters(query), boundAccounts: boundAccountList(owner) };
    const binding = {
      customerId,
      // The metadata filter is part of the cursor's scope: a cursor of another filter is refused.
      scope: listScope(
        'operations',
        { ...filters, metadata: metadataScope(query.metadata) },
        query.sortOrder ?? 'DESCENDING',
      ),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const keyOf = (r: OperationRow) => ({ sortValue: r.created_at, id: r.id });
    const { rows, scannedTo } = withinPageWeight(
      await listOperations(
        this.deps.db,
        customerId,
        { ...filters, metadata: query.metadata },
        plan,
        this.deps.metadataFilterCandidates,
      ),
      plan,
      keyOf,
      (r) => storedWeight(r.metadata),
    );
    const pageRows = rows.slice(0, plan.limit);
    const views = new Map(
      (await operationViews(this.deps.db, pageRows, stored)).map((v) => [v.id, v]),
    );
    return buildPage(
      rows,
      plan,
      keyOf,
      (r) => views.get(r.id)!,
      this.deps.cursors,
      binding,
      scannedTo,
    );
  }

  /** The account's standing instructions, one per ACTIVE asset. */
  async fundingInstructions(owner: Owner, accountId: string) {
    const account = await ownAccount(this.deps.db, owner, accountId);
    const holder = { id: account.id, customerId: owner.customerId };
    const instructions = [];
    // One after the other: a rail that assigns addresses on first use assigns them in the
    // account's asset order, the same on every engine.
    for (const { asset } of parseAssets(account).filter((a) => a.status === 'ACTIVE')) {
      instructions.push(standingFunding(await this.deps.funding.standing(holder, asset)));
    }
    return instructions;
  }
}
