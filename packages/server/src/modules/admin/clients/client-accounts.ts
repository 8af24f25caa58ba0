import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { invalidData, type FieldError } from '../../../lib/errors.js';
import { isId } from '../../../lib/ids.js';
import {
  ACCESS_LEVELS,
  FULL_ACCESS,
  SCOPE_RESOURCES,
  type AccessLevel,
  type ScopeResource,
} from '../../../lib/scopes.js';
import { BOUND_CLIENT_CEILING, type ClientSettings } from '../../customers/index.js';
import { customerAccountIds } from './clients.repository.js';

/** The columns a binding is judged on: as the body sets them, else as the client has them. */
interface BindingColumns {
  permissions: string | null;
  account_ids: string | null;
}

/** The account_ids column for a body's `accountIds`: null unbinds; repeats are kept once. */
export function accountIdsColumn(ids: readonly string[] | null): string | null {
  return ids === null ? null : JSON.stringify([...new Set(ids)]);
}

/**
 * Refuses (400 INVALID_DATA, every failing member named) a client bound to accounts that are not
 * the customer's, or holding what a bound client may not (client-restrictions.ts
 * BOUND_CLIENT_CEILING): events and subscriptions span every account of the customer, and
 * beneficiaries are its one address book. Judged on the client as it will be: a PATCH that sets
 * only `accountIds` is checked against the permissions the client has, and the other way round.
 */
export async function checkAccountBinding(
  db: Db | Trx,
  customerId: string,
  settings: ClientSettings,
  current: BindingColumns | undefined,
): Promise<void> {
  const column = settings.account_ids !== undefined ? settings.account_ids : current?.account_ids;
  if (column === null || column === undefined) return;
  const errors: FieldError[] = [];
  if (settings.account_ids !== undefined) {
    await unknownAccounts(db, customerId, JSON.parse(column) as string[], errors);
  }
  const permissions =
    settings.permissions !== undefined ? settings.permissions : (current?.permissions ?? null);
  const levels = levelsOf(permissions);
  for (const resource of SCOPE_RESOURCES) {
    const ceiling = BOUND_CLIENT_CEILING[resource];
    const level = levels[resource] ?? 'none';
    if (ceiling === undefined || rank(level) <= rank(ceiling)) continue;
    // Point at what the body said: its permission, or the binding it added to a wider client.
    const pointer =
      settings.permissions === undefined
        ? '/accountIds'
        : settings.permissions === null
          ? '/permissions'
          : `/permissions/${resource}`;
    errors.push({
      pointer,
      in: 'body',
      code: 'INVALID_VALUE',
      detail: `A client bound to accounts may hold ${resource} at ${ceiling} at most (it would hold ${level}): ${resource === 'beneficiaries' ? 'beneficiaries are the customer-wide address book' : `${resource} span every account of the customer`}. docs/api.md "Clients bound to accounts".`,
    });
  }
  if (errors.length > 0) throw invalidData(errors);
}

async function unknownAccounts(
  db: Db | Trx,
  customerId: string,
  ids: readonly string[],
  errors: FieldError[],
): Promise<void> {
  const known = new Set(
    await customerAccountIds(
      db,
      customerId,
      ids.filter((id) => isId('account', id)),
    ),
  );
  ids.forEach((id, i) => {
    if (known.has(id)) return;
    errors.push({
      pointer: `/accountIds/${i}`,
      in: 'body',
      code: 'INVALID_VALUE',
      detail: `${id} is not an account of customer ${customerId}.`,
    });
  });
}

function levelsOf(json: string | null): Partial<Record<ScopeResource, AccessLevel>> {
  return json === null
    ? FULL_ACCESS
    : (JSON.parse(json) as Partial<Record<ScopeResource, AccessLevel>>);
}

const rank = (level: AccessLevel): number => ACCESS_LEVELS.indexOf(level);
