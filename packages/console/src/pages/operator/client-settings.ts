import type { OperatorClient } from '../../api/admin.js';
import { isoToLocalInput, localInputToIso } from '../../lib/format.js';

/**
 * What the client form edits, as the form holds it (strings), and its translation to and from
 * the back-office's client (docs/admin.md "Customers and API clients"): a level per resource,
 * an optional expiry, optional allowed networks, an optional rate limit and optional accounts it
 * is bound to.
 */
export const RESOURCES = [
  'accounts',
  'beneficiaries',
  'operations',
  'quotes',
  'subscriptions',
  'events',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type Level = 'none' | 'read' | 'write';
export const LEVELS: readonly Level[] = ['none', 'read', 'write'];

/** What each resource covers (docs/api.md "Restricted clients and scopes"), for the hints. */
export const RESOURCE_COVERS: Record<Resource, string> = {
  accounts: 'accounts, balances, statements',
  beneficiaries: 'beneficiaries, payment instructions, PIX key look-ups',
  operations: 'every operation kind, cancels, refunds, funding instructions',
  quotes: 'quotes and rates',
  subscriptions: 'subscriptions, their secrets, execution logs, resends, cofre listen',
  events: 'the events feed',
};

export interface ClientDraft {
  name: string;
  /** Full access (no `permissions`), or one level per resource. */
  restricted: boolean;
  levels: Record<Resource, Level>;
  /** A datetime-local value in the reader's zone; empty for no expiry. */
  expiresAt: string;
  /** One CIDR block a line; empty for any network. */
  networks: string;
  /** Requests per minute, as typed; empty for the deployment's COFRE_RATE_LIMIT_PER_MINUTE. */
  rateLimit: string;
  /** One account id a line; empty for every account of the customer. */
  accounts: string;
}

const allLevels = (level: Level): Record<Resource, Level> =>
  Object.fromEntries(RESOURCES.map((r) => [r, level])) as Record<Resource, Level>;

export const EMPTY_DRAFT: ClientDraft = {
  name: '',
  restricted: false,
  levels: allLevels('read'),
  expiresAt: '',
  networks: '',
  rateLimit: '',
  accounts: '',
};

/** A client with every resource at `write` has full access (as clients made before scopes). */
export function isFullAccess(permissions: OperatorClient['permissions']): boolean {
  return RESOURCES.every((r) => permissions[r] === 'write');
}

export function draftOf(client: OperatorClient): ClientDraft {
  return {
    name: client.name,
    restricted: !isFullAccess(client.permissions),
    levels: Object.fromEntries(
      RESOURCES.map((r) => [r, client.permissions[r] ?? 'none']),
    ) as Record<Resource, Level>,
    expiresAt: client.expiresAt ? isoToLocalInput(client.expiresAt) : '',
    networks: (client.allowedNetworks ?? []).join('\n'),
    rateLimit: client.rateLimit === null ? '' : String(client.rateLimit),
    accounts: (client.accountIds ?? []).join('\n'),
  };
}

/**
 * The rate limit as the body carries it: a whole number, null for the default, or, when it is
 * not a number, the text as typed, so the server's refusal names the field (a number the form
 * made up, or null, would change the client silently).
 */
function rateLimitOf(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  return /^[0-9]+$/.test(typed) ? Number(typed) : (typed as unknown as number);
}

/** One value a line (networks, account ids): spaces around each and blank lines dropped. */
const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's restrictions: each one, or null where the form lifts it. */
function restrictions(draft: ClientDraft) {
  const networks = lines(draft.networks);
  const accounts = lines(draft.accounts);
  return {
    permissions: draft.restricted ? { ...draft.levels } : null,
    // An unreadable value is sent as typed, so the server's refusal names the field.
    expiresAt: draft.expiresAt ? (localInputToIso(draft.expiresAt) ?? draft.expiresAt) : null,
    allowedNetworks: networks.length > 0 ? networks : null,
    rateLimit: rateLimitOf(draft.rateLimit),
    accountIds: accounts.length > 0 ? accounts : null,
  };
}

/** The body of a create: a restriction the form leaves empty is not sent (no restriction). */
export function createBody(draft: ClientDraft) {
  const { permissions, expiresAt, allowedNetworks, rateLimit, accountIds } = restrictions(draft);
  return {
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...(permissions ? { permissions } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    ...(allowedNetworks ? { allowedNetworks } : {}),
    ...(rateLimit !== null ? { rateLimit } : {}),
    ...(accountIds ? { accountIds } : {}),
  };
}

/**
 * The body of a PATCH: every member, `null` lifting a restriction, so the client ends up
 * exactly as the form shows it.
 */
export function patchBody(draft: ClientDraft) {
  return {
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...restrictions(draft),
  };
}

/** The access of a client in one line: "full access" or "accounts: read · operations: write". */
export function accessSummary(permissions: OperatorClient['permissions']): string {
  if (isFullAccess(permissions)) return 'full access';
  const granted = RESOURCES.filter((r) => (permissions[r] ?? 'none') !== 'none');
  if (granted.length === 0) return 'no access';
  return granted.map((r) => `${r}: ${permissions[r]}`).join(' · ');
}
