import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Tables } from '../../../db/database.js';

/** `%`, `_` and the escape itself, taken literally by `LIKE … ESCAPE '\'`. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The operations of an account, for `GET /v1/operations?accountId=`: those on it (`account_id`,
 * every kind's own account, a transfer's source) and the transfers that credit it, so either
 * account of a transfer finds it (docs/api.md "Transfers"). A transfer's destination is in its
 * details, which are JSON text written by JSON.stringify (no spaces), matched as that text so the
 * predicate reads the same on both engines.
 */
export function operationOfAccount(
  eb: ExpressionBuilder<Tables, 'operations'>,
  accountId: string,
): Expression<SqlBool> {
  const named = `%${likeLiteral(JSON.stringify({ destinationAccountId: accountId }).slice(1, -1))}%`;
  return eb.or([
    eb('account_id', '=', accountId),
    eb.and([eb('type', '=', 'TRANSFER'), sql<SqlBool>`details like ${named} escape '\\'`]),
  ]);
}
