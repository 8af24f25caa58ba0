import { describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  FULL_ACCESS,
  formatScopes,
  intersectScopes,
  parseScopeClaim,
  permissionsFrom,
  requestScopes,
  scopesOf,
  type Scope,
} from '../../src/lib/scopes.js';

const held = scopesOf(permissionsFrom({ accounts: 'write', operations: 'read' }));

describe('scopes from permissions and token requests', () => {
  it('gives write its read, and none nothing', () => {
    expect(formatScopes(held)).toBe('accounts:read accounts:write operations:read');
    expect(formatScopes(scopesOf(FULL_ACCESS))).toBe(ALL_SCOPES.join(' '));
    expect(scopesOf(permissionsFrom({})).size).toBe(0);
  });

  it.each<[string | undefined, string]>([
    [undefined, 'accounts:read accounts:write operations:read'],
    ['', 'accounts:read accounts:write operations:read'],
    ['  ', 'accounts:read accounts:write operations:read'],
    ['operations:read', 'operations:read'],
    ['accounts:write', 'accounts:read accounts:write'],
    ['operations:read  accounts:read operations:read', 'accounts:read operations:read'],
  ])('grants %j as %j', (raw, granted) => {
    const result = requestScopes(raw, held);
    expect(result.kind).toBe('granted');
    if (result.kind === 'granted') expect(formatScopes(result.scopes)).toBe(granted);
  });

  it('refuses a name that is no scope, and one the client does not hold, naming them', () => {
    expect(requestScopes('accounts:read payments openid', held)).toEqual({
      kind: 'unknown',
      names: ['payments', 'openid'],
    });
    expect(requestScopes('operations:write quotes:read', held)).toEqual({
      kind: 'beyond',
      names: ['operations:write', 'quotes:read'],
    });
  });

  it('reads a claim leniently and keeps only what the client still holds', () => {
    const claim = parseScopeClaim('accounts:read retired:scope operations:write');
    expect([...claim]).toEqual(['accounts:read', 'operations:write']);
    expect([...intersectScopes(claim, held)]).toEqual<Scope[]>(['accounts:read']);
  });
});
