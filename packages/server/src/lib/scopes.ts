/**
 * What an API client may do, per resource, and the OAuth 2.0 scopes that say it in a token
 * (RFC 6749 section 3.3; RFC 9068 section 2.2.3 puts them in the `scope` claim). docs/api.md
 * "Restricted clients and scopes".
 *
 * A client holds a level per resource: `none`, `read` or `write`, where `write` includes `read`.
 * Its scopes are `<resource>:read` for every resource it may read and `<resource>:write` for
 * every one it may write; a token holds those its request asked for (all of them when it asked
 * for none), and a route names the one scope it needs.
 */
export const SCOPE_RESOURCES = [
  'accounts',
  'beneficiaries',
  'operations',
  'quotes',
  'subscriptions',
  'events',
] as const;
export type ScopeResource = (typeof SCOPE_RESOURCES)[number];

export const ACCESS_LEVELS = ['none', 'read', 'write'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type Permissions = Readonly<Record<ScopeResource, AccessLevel>>;

export type Scope = `${ScopeResource}:${'read' | 'write'}`;

/** Every scope there is, in the order the documents list them. */
export const ALL_SCOPES: readonly Scope[] = SCOPE_RESOURCES.flatMap((r) => [
  `${r}:read` as const,
  `${r}:write` as const,
]);

const KNOWN = new Set<string>(ALL_SCOPES);

export function isScope(value: string): value is Scope {
  return KNOWN.has(value);
}

/** What a client without restrictions (every client created before restrictions) may do. */
export const FULL_ACCESS: Permissions = Object.freeze(
  Object.fromEntries(SCOPE_RESOURCES.map((r) => [r, 'write'])) as Record<
    ScopeResource,
    AccessLevel
  >,
);

/** The scopes a client with these permissions holds (`write` brings `read` with it). */
export function scopesOf(permissions: Permissions): Set<Scope> {
  const scopes = new Set<Scope>();
  for (const resource of SCOPE_RESOURCES) {
    const level = permissions[resource];
    if (level === 'read' || level === 'write') scopes.add(`${resource}:read`);
    if (level === 'write') scopes.add(`${resource}:write`);
  }
  return scopes;
}

/** Permissions from a partial description: a resource not named is `none`. */
export function permissionsFrom(levels: Partial<Record<ScopeResource, AccessLevel>>): Permissions {
  return Object.fromEntries(SCOPE_RESOURCES.map((r) => [r, levels[r] ?? 'none'])) as Record<
    ScopeResource,
    AccessLevel
  >;
}

export type ScopeRequest =
  | { kind: 'granted'; scopes: Set<Scope> }
  | { kind: 'unknown'; names: string[] }
  | { kind: 'beyond'; names: Scope[] };

/**
 * The scopes a token request gets: the `scope` parameter (space-separated, RFC 6749 section 3.3)
 * read against what the client holds. Absent or blank → everything the client holds. A name that
 * is no scope, or one the client does not hold, refuses the request (RFC 6749 section 5.2
 * `invalid_scope`) rather than narrowing it silently. Asking for `x:write` grants `x:read` too,
 * as the permission it comes from does.
 */
export function requestScopes(raw: string | undefined, held: ReadonlySet<Scope>): ScopeRequest {
  const names = (raw ?? '').split(' ').filter((n) => n !== '');
  if (names.length === 0) return { kind: 'granted', scopes: new Set(held) };
  const unknown = names.filter((n) => !isScope(n));
  if (unknown.length > 0) return { kind: 'unknown', names: [...new Set(unknown)] };
  const asked = names as Scope[];
  const beyond = asked.filter((s) => !held.has(s));
  if (beyond.length > 0) return { kind: 'beyond', names: [...new Set(beyond)] };
  const scopes = new Set<Scope>();
  for (const scope of asked) {
    scopes.add(scope);
    if (scope.endsWith(':write')) scopes.add(scope.replace(/:write$/, ':read') as Scope);
  }
  return { kind: 'granted', scopes };
}

/** A set of scopes as the `scope` claim and parameter carry it: space-separated, in ALL_SCOPES order. */
export function formatScopes(scopes: ReadonlySet<Scope>): string {
  return ALL_SCOPES.filter((s) => scopes.has(s)).join(' ');
}

/** The scopes a token's `scope` claim names; names that are no scope (any more) are dropped. */
export function parseScopeClaim(claim: string): Set<Scope> {
  const scopes = new Set<Scope>();
  for (const name of claim.split(' ')) if (isScope(name)) scopes.add(name);
  return scopes;
}

/** What both sets hold: a token's scopes within what its client holds now. */
export function intersectScopes(a: ReadonlySet<Scope>, b: ReadonlySet<Scope>): Set<Scope> {
  const out = new Set<Scope>();
  for (const scope of a) if (b.has(scope)) out.add(scope);
  return out;
}
