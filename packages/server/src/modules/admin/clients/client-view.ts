import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { toIso } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { isId } from '../../../lib/ids.js';
import { formatScopes } from '../../../lib/scopes.js';
import { clientRestrictions } from '../../customers/index.js';
import { findClientForOperator, type OperatorClientRow } from './clients.repository.js';
import type { OperatorClient } from './clients.schemas.js';

export const toOperatorClient = (row: OperatorClientRow): OperatorClient => {
  const restrictions = clientRestrictions(row);
  return {
    ...identity(row),
    permissions: { ...restrictions.permissions },
    scope: formatScopes(restrictions.scopes),
    expiresAt: restrictions.expiresAt === undefined ? null : toIso(restrictions.expiresAt),
    allowedNetworks: restrictions.allowedNetworks ? [...restrictions.allowedNetworks] : null,
    rateLimit: row.rate_limit,
    accountIds: restrictions.accounts ? [...restrictions.accounts] : null,
  };
};

const identity = (row: OperatorClientRow) => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  environment: row.environment,
  status: row.status,
  secretVersion: row.secret_version,
  createdAt: toIso(row.created_at),
  secretRotatedAt: toIso(row.secret_rotated_at),
});

/** The API client as an operator sees it, or 404 (a malformed id too: customer-view.ts). */
export async function clientOr404(db: Db | Trx, clientId: string): Promise<OperatorClient> {
  const row = isId('client', clientId) && (await findClientForOperator(db, clientId));
  if (!row) throw notFound('API client', clientId);
  return toOperatorClient(row);
}
