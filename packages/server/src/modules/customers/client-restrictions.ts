import ipaddr from 'ipaddr.js';
import {
  ACCESS_LEVELS,
  FULL_ACCESS,
  SCOPE_RESOURCES,
  permissionsFrom,
  scopesOf,
  type AccessLevel,
  type Permissions,
  type Scope,
  type ScopeResource,
} from '../../lib/scopes.js';

/**
 * What limits an API client beyond its status (docs/api.md "Restricted clients and scopes"):
 * its permissions per resource, an expiry, and the networks it may be used from. Read from the
 * client's row once per load (oauth/client-state-cache.ts), checked on every token request and
 * every request made with one of its tokens.
 */
export interface ClientRestrictions {
  /** Whether any permission is below `write` (a restricted client, as the docs call it). */
  restricted: boolean;
  permissions: Permissions;
  scopes: ReadonlySet<Scope>;
  /** Epoch ms after which the client is refused; undefined: never. */
  expiresAt: number | undefined;
  /** The CIDR blocks as written; undefined: anywhere. */
  allowedNetworks: readonly string[] | undefined;
  /** Whether `address` (the request's client address) may use the client. */
  allows(address: string): boolean;
  /**
   * The customer's accounts the client is bound to (docs/api.md "Clients bound to accounts");
   * undefined: every account of the customer.
   */
  accounts: ReadonlySet<string> | undefined;
}

interface RestrictionColumns {
  permissions: string | null;
  expires_at: number | null;
  allowed_networks: string | null;
  account_ids: string | null;
}

const FULL_SCOPES = scopesOf(FULL_ACCESS);

/**
 * The most a client bound to accounts may hold per resource: events and subscriptions span every
 * account of the customer, and beneficiaries are the customer's one address book, which a bound
 * client may use for its payouts but not change for the others (docs/api.md "Clients bound to
 * accounts"). The back-office refuses more (admin/clients/client-settings.ts); this cap holds
 * whatever a row says.
 */
export const BOUND_CLIENT_CEILING: Readonly<Partial<Record<ScopeResource, AccessLevel>>> = {
  beneficiaries: 'read',
  subscriptions: 'none',
  events: 'none',
};

/** The level `level` is at most under `ceiling` (`none` < `read` < `write`). */
export function capLevel(level: AccessLevel, ceiling: AccessLevel | undefined): AccessLevel {
  if (ceiling === undefined) return level;
  return ACCESS_LEVELS.indexOf(level) <= ACCESS_LEVELS.indexOf(ceiling) ? level : ceiling;
}

/** The restrictions a client's row holds (the columns of migration 0032). */
export function clientRestrictions(row: RestrictionColumns): ClientRestrictions {
  const accountIds =
    row.account_ids === null ? undefined : (JSON.parse(row.account_ids) as string[]);
  const held = row.permissions === null ? FULL_ACCESS : readPermissions(row.permissions);
  const permissions = accountIds === undefined ? held : boundPermissions(held);
  const networks =
    row.allowed_networks === null ? undefined : (JSON.parse(row.allowed_networks) as string[]);
  const blocks = networks?.map((n) => ipaddr.parseCIDR(n));
  return {
    restricted: SCOPE_RESOURCES.some((r) => permissions[r] !== 'write'),
    permissions,
    scopes:
      row.permissions === null && accountIds === undefined ? FULL_SCOPES : scopesOf(permissions),
    expiresAt: row.expires_at ?? undefined,
    allowedNetworks: networks,
    allows: (address) => blocks === undefined || inBlocks(address, blocks),
    accounts: accountIds === undefined ? undefined : new Set(accountIds),
  };
}

function boundPermissions(held: Permissions): Permissions {
  return permissionsFrom(
    Object.fromEntries(SCOPE_RESOURCES.map((r) => [r, capLevel(held[r], BOUND_CLIENT_CEILING[r])])),
  );
}

function readPermissions(json: string): Permissions {
  const raw = JSON.parse(json) as Partial<Record<ScopeResource, AccessLevel>>;
  const levels: Partial<Record<ScopeResource, AccessLevel>> = {};
  for (const resource of SCOPE_RESOURCES) {
    const level = raw[resource];
    // A level this version does not know (written by a newer one) grants nothing.
    if (level !== undefined && ACCESS_LEVELS.includes(level)) levels[resource] = level;
  }
  return permissionsFrom(levels);
}

/** The permissions column: null for full access, so unrestricted clients stay as they were. */
export function permissionsColumn(permissions: Permissions | null): string | null {
  if (permissions === null || SCOPE_RESOURCES.every((r) => permissions[r] === 'write')) return null;
  return JSON.stringify(permissions);
}

/**
 * An address inside one of the blocks. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, how a
 * dual-stack socket reports an IPv4 peer) is compared as the IPv4 address it is.
 */
function inBlocks(address: string, blocks: [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return blocks.some(
    ([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits),
  );
}

/**
 * A CIDR block as the back-office accepts it, normalised (`203.0.113.0/24`, `2001:db8::/32`), or
 * undefined when it is none. A bare address is a block of one.
 */
export function normaliseCidr(value: string): string | undefined {
  try {
    const withBits = value.includes('/')
      ? value
      : `${value}/${ipaddr.parse(value).kind() === 'ipv4' ? 32 : 128}`;
    const [range, bits] = ipaddr.parseCIDR(withBits);
    // The network address itself: 203.0.113.7/24 is written 203.0.113.0/24.
    const network =
      range.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(withBits)
        : ipaddr.IPv6.networkAddressFromCIDR(withBits);
    return `${network.toString()}/${bits}`;
  } catch {
    return undefined;
  }
}
