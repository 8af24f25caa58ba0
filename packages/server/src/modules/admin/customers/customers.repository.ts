import type { Db } from '../../../db/database.js';
import { applyKeyset } from '../../../lib/keyset.js';
import type { KeysetPlan } from '../../../lib/pagination.js';

// The back-office's reads are NOT scoped by customer, unlike every other repository: an operator
// acts across customers by design. The `ForOperator` suffix keeps that visible, so the "always
// scoped by the owner" rule stays checkable everywhere else (grep ForOperator).

export function findCustomerForOperator(db: Db, customerId: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

// The lists across customers (issue 18: what the operator acts on) return the page's query, not
// its rows, so the query-plan test can EXPLAIN exactly what runs. Every filter is an equality on
// the leading column of an index that continues with (created_at, id) (migration 0022, or the
// customer API's when the customer is known).

export function customersForOperatorQuery(db: Db, plan: KeysetPlan) {
  return applyKeyset(db.selectFrom('customers').selectAll(), plan, 'created_at', 'id');
}
