import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Tables } from '../../../db/database.js';

/**
 * The operations of an account, for the back-office's list (`GET /admin/v1/operations?accountId=`):
 * those on it (`account_id`, every kind's own account, a transfer's source) and those it is the
 * counterparty of (a transfer's destination, `counterparty_account_id`), so either account of a
 * transfer finds it (docs/api.md "Transfers"). Each arm has its index ((customer_id, account_id,
 * created_at, id), 0008; (customer_id, counterparty_account_id, created_at, id), 0020). The
 * customer's list reads the two arms as separate ordered reads instead
 * (read-operations-of-accounts.ts), so that a page does not cost the account's history.
 */
export function operationOfAccount(
  eb: ExpressionBuilder<Tables, 'operations'>,
  accountId: string,
): Expression<SqlBool> {
  return eb.or([eb('account_id', '=', accountId), eb('counterparty_account_id', '=', accountId)]);
}
