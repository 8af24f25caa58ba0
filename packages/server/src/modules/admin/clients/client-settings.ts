import { parseDateTime } from '../../../lib/date-time.js';
import { invalidData, type FieldError } from '../../../lib/errors.js';
import { permissionsFrom, type AccessLevel, type ScopeResource } from '../../../lib/scopes.js';
import { accountIdsColumn } from './client-accounts.js';
import { normaliseCidr, permissionsColumn, type ClientSettings } from '../../customers/index.js';

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: what a date-time can show in UTC. */
const FIRST_INSTANT = -62_167_219_200_000;
const LAST_INSTANT = 253_402_300_799_999;

/** The restriction members of a create or PATCH body (clients.schemas.ts); null lifts one. */
export interface RestrictionInput {
  name?: string | undefined;
  permissions?: Partial<Record<ScopeResource, AccessLevel>> | null | undefined;
  expiresAt?: string | null | undefined;
  allowedNetworks?: string[] | null | undefined;
  rateLimit?: number | null | undefined;
  accountIds?: string[] | null | undefined;
}

/**
 * The columns a body sets (undefined members are left as they are), or 400 INVALID_DATA naming
 * every member that cannot be (the schema's pattern and format come first; these are the same
 * rules, read for storage).
 */
export function clientSettings(input: RestrictionInput): ClientSettings {
  const errors: FieldError[] = [];
  const settings: ClientSettings = {};
  if (input.name !== undefined) settings.name = input.name;
  if (input.permissions !== undefined) {
    settings.permissions =
      input.permissions === null ? null : permissionsColumn(permissionsFrom(input.permissions));
  }
  if (input.expiresAt !== undefined) {
    // The schema's date-time format has been checked; a past one ends the client at once.
    const at = input.expiresAt === null ? null : parseDateTime(input.expiresAt);
    if (at === undefined) {
      errors.push({
        pointer: '/expiresAt',
        in: 'body',
        code: 'INVALID_FORMAT',
        detail: 'expiresAt must be an RFC 3339 date-time.',
      });
    } else if (at !== null && (at < FIRST_INSTANT || at > LAST_INSTANT)) {
      // An offset can carry 9999-12-31T23:59-23:59 past the last four-digit year in UTC, which
      // no RFC 3339 date-time can show back (the view would fail to serialise it).
      errors.push({
        pointer: '/expiresAt',
        in: 'body',
        code: 'OUT_OF_RANGE',
        detail: 'expiresAt must fall within the years 0000 to 9999 in UTC.',
      });
    } else settings.expires_at = at;
  }
  // The schema bounds it; null goes back to the deployment's COFRE_RATE_LIMIT_PER_MINUTE.
  if (input.rateLimit !== undefined) settings.rate_limit = input.rateLimit;
  // Which accounts are the customer's, and what a bound client may hold: client-accounts.ts.
  if (input.accountIds !== undefined) settings.account_ids = accountIdsColumn(input.accountIds);
  if (input.allowedNetworks !== undefined) {
    settings.allowed_networks = networksColumn(input.allowedNetworks, errors);
  }
  if (errors.length > 0) throw invalidData(errors);
  return settings;
}

function networksColumn(networks: string[] | null, errors: FieldError[]): string | null {
  if (networks === null) return null;
  const blocks: string[] = [];
  networks.forEach((value, i) => {
    const block = normaliseCidr(value);
    if (block === undefined) {
      errors.push({
        pointer: `/allowedNetworks/${i}`,
        in: 'body',
        code: 'INVALID_FORMAT',
        detail: `"${value}" is not an IPv4 or IPv6 CIDR block (e.g. 203.0.113.0/24) or address.`,
      });
    } else if (!blocks.includes(block)) blocks.push(block);
  });
  return JSON.stringify(blocks);
}
