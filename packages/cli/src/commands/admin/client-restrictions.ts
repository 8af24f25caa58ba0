import { InvalidArgumentError, type Command } from 'commander';

/**
 * The restriction options of `cofre admin clients create | update` (docs/admin.md "Restricted
 * clients"): read into the body members of POST /admin/v1/customers/{id}/clients and PATCH
 * /admin/v1/clients/{id}. The server checks every value; these only split the lists.
 */
export interface RestrictionOptions {
  permissions?: Record<string, string>;
  expiresAt?: string;
  networks?: string[];
  fullAccess?: boolean;
  neverExpire?: boolean;
  anyNetwork?: boolean;
  rateLimit?: number;
  defaultRateLimit?: boolean;
  accounts?: string[];
  allAccounts?: boolean;
}

/** `accounts=read,operations=write` → {accounts: 'read', operations: 'write'}. */
export function parsePermissions(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [resource, level, extra] = part.split('=').map((p) => p.trim());
    if (!resource || !level || extra !== undefined) {
      throw new InvalidArgumentError(`"${part}" is not <resource>=<none|read|write>`);
    }
    out[resource] = level;
  }
  return out;
}

/** A positive whole number of requests per minute; the server checks the upper bound. */
export function parseRateLimit(value: string): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError(`"${value}" is not a whole number of requests per minute (≥ 1)`);
  }
  return n;
}

const list = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Adds the options a new client may be restricted with. */
export function withRestrictions(command: Command): Command {
  return command
    .option(
      '--permissions <list>',
      'levels per resource, e.g. accounts=read,operations=write (a resource not named: none)',
      parsePermissions,
    )
    .option('--expires-at <date-time>', 'when the client stops working (ISO 8601)')
    .option('--networks <cidrs>', 'CIDR blocks it may be used from, comma separated', list)
    .option(
      '--rate-limit <n>',
      'its own requests per minute on /v1, in place of COFRE_RATE_LIMIT_PER_MINUTE',
      parseRateLimit,
    )
    .option(
      '--accounts <ids>',
      "the customer's accounts it is bound to, comma separated (no other account is there for it)",
      list,
    );
}

/** Adds, to `update`, the options that lift each restriction. */
export function withLifts(command: Command): Command {
  return withRestrictions(command)
    .option('--full-access', 'lift the permissions: full access')
    .option('--never-expire', 'lift the expiry')
    .option('--any-network', 'lift the networks')
    .option('--default-rate-limit', "back to the deployment's rate limit")
    .option('--all-accounts', 'lift the binding: every account of the customer');
}

/** The body members the options give; undefined members are left out. */
export function restrictionBody(opts: RestrictionOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (opts.permissions !== undefined) body.permissions = opts.permissions;
  if (opts.fullAccess) body.permissions = null;
  if (opts.expiresAt !== undefined) body.expiresAt = opts.expiresAt;
  if (opts.neverExpire) body.expiresAt = null;
  if (opts.networks !== undefined) body.allowedNetworks = opts.networks;
  if (opts.anyNetwork) body.allowedNetworks = null;
  if (opts.rateLimit !== undefined) body.rateLimit = opts.rateLimit;
  if (opts.defaultRateLimit) body.rateLimit = null;
  if (opts.accounts !== undefined) body.accountIds = opts.accounts;
  if (opts.allAccounts) body.accountIds = null;
  return body;
}
