import { describe, expect, it } from 'vitest';
import { clientRestrictions } from '../../src/modules/customers/index.js';
import { formatScopes } from '../../src/lib/scopes.js';

const row = (permissions: string | null, accountIds: string[] | null) => ({
  permissions,
  expires_at: null,
  allowed_networks: null,
  account_ids: accountIds === null ? null : JSON.stringify(accountIds),
});

// docs/api.md "Clients bound to accounts": whatever a row says, a bound client never holds what
// spans every account of its customer.
describe('the restrictions of a client bound to accounts', () => {
  it('keeps every scope of an unbound client, and no account set', () => {
    const r = clientRestrictions(row(null, null));
    expect(r.accounts).toBeUndefined();
    expect(r.scopes.has('events:read')).toBe(true);
  });

  it('caps a bound row with full access at beneficiaries:read and no events or subscriptions', () => {
    const r = clientRestrictions(row(null, ['acc_1', 'acc_2']));
    expect([...r.accounts!]).toEqual(['acc_1', 'acc_2']);
    expect(formatScopes(r.scopes)).toBe(
      'accounts:read accounts:write beneficiaries:read operations:read operations:write quotes:read quotes:write',
    );
    expect(r.permissions).toMatchObject({
      beneficiaries: 'read',
      subscriptions: 'none',
      events: 'none',
    });
    expect(r.restricted).toBe(true);
  });

  it('leaves levels under the ceiling as they are', () => {
    const r = clientRestrictions(row('{"accounts":"read","beneficiaries":"none"}', ['acc_1']));
    expect(formatScopes(r.scopes)).toBe('accounts:read');
  });
});
