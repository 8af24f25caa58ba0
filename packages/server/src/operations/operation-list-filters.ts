import { createdAtRange } from '../lib/created-at-range.js';
import type { OperationFilters } from './operations.repository.js';
import type { ListOperationsQuery } from './operations.schemas.js';

const distinctSorted = <T extends string>(values: readonly T[] | undefined): T[] | undefined =>
  values && [...new Set(values)].sort();

/**
 * The filters of GET /v1/operations as the repository and the cursor take them: several values
 * sorted and without repeats, times as ms in [from, to). The cursor is bound to exactly this
 * (lib/pagination.ts listScope), so `type=A&type=B` and `type=B&type=A` are one list, and a
 * cursor from any other filters is refused.
 */
export function operationListFilters(query: ListOperationsQuery): OperationFilters {
  const { from, to } = createdAtRange(query);
  return {
    types: distinctSorted(query.type),
    statuses: distinctSorted(query.status),
    assets: distinctSorted(query.asset),
    accountId: query.accountId,
    externalReference: query.externalReference,
    from,
    to,
  };
}
