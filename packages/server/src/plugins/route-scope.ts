import { isScope, type Scope } from '../lib/scopes.js';

/**
 * The scope a /v1 route needs, declared next to the route: spread into its schema,
 * `schema: { ...requires('accounts:read'), ... }`. It is the OpenAPI security requirement
 * itself (either scheme, with the scope: OpenAPI 3.1 lets an http scheme name roles too), so the
 * document lists what the auth hook enforces (plugins/auth.ts) and the two cannot differ.
 */
export function requires(scope: Scope): { security: Record<string, readonly string[]>[] } {
  return { security: [{ bearerAuth: [scope] }, { clientCredentials: [scope] }] };
}

/** The scope a route's schema declares through `requires`, or undefined. */
export function requiredScopeOf(schema: unknown): Scope | undefined {
  const security = (schema as { security?: unknown } | undefined)?.security;
  if (!Array.isArray(security)) return undefined;
  for (const requirement of security) {
    for (const scopes of Object.values(requirement as Record<string, unknown>)) {
      if (Array.isArray(scopes) && typeof scopes[0] === 'string' && isScope(scopes[0])) {
        return scopes[0];
      }
    }
  }
  return undefined;
}
