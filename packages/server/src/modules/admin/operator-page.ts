import type { CursorBinding, CursorCodec } from '../../lib/cursor.js';
import {
  buildPage,
  listScope,
  planPage,
  type KeysetPlan,
  type PageQuery,
  type PageResult,
} from '../../lib/pagination.js';

/**
 * Whose the back-office's cursors are (the audit log's and every list's): never a customer id
 * (`cus_…`), so no customer's cursor is accepted by an operator's list, nor the reverse.
 */
export const OPERATOR_CURSOR_OWNER = 'admin';

/** One list of the back-office: its name (the cursor's scope), its filters, and how it reads. */
export interface OperatorList<Row, Item> {
  list: string;
  filters: Record<string, unknown>;
  read: (plan: KeysetPlan) => Promise<Row[]>;
  /** The page's rows (not the one extra that says whether there is more) as items. */
  view: (rows: Row[]) => Item[] | Promise<Item[]>;
}

/**
 * One page, newest first unless asked otherwise: the cursor checked against this list's binding
 * (the operator, the list, its filters and its sort order: another is 400 INVALID_CURSOR), the
 * rows read by `read`, the page's rows turned into items by `view`.
 */
export async function operatorPage<Row extends { id: string; created_at: number }, Item>(
  cursors: CursorCodec,
  query: PageQuery,
  { list, filters, read, view }: OperatorList<Row, Item>,
): Promise<PageResult<Item>> {
  const binding: CursorBinding = {
    customerId: OPERATOR_CURSOR_OWNER,
    scope: listScope(list, filters, query.sortOrder ?? 'DESCENDING'),
  };
  const plan = planPage(query, cursors, binding);
  const rows = await read(plan);
  const pageRows = rows.slice(0, plan.limit);
  const items = await view(pageRows);
  const byId = new Map(pageRows.map((row, i) => [row.id, items[i]!]));
  return buildPage(
    rows,
    plan,
    (r) => ({ sortValue: r.created_at, id: r.id }),
    (r) => byId.get(r.id)!,
    cursors,
    binding,
  );
}
