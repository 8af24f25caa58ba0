import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { ALL_SCOPES } from '../../src/lib/scopes.js';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Issued {
  customerId: string;
  clientId: string;
  clientSecret: string;
}

const TTL_MS = 1_000;

// Issue 27 point 1: restricted API clients — permissions per resource as scopes, an expiry and
// source networks — created and edited by the back-office, enforced on every /v1 route.
describe.each(ENGINES)('restricted API clients on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const t = useTestApp(engine, {
    clock,
    env: { ...ADMIN_ENV, COFRE_CLIENT_CACHE_TTL_MS: String(TTL_MS) },
  });

  const customer = async () => {
    const res = await asAdmin(t, {
      method: 'POST',
      url: '/admin/v1/customers',
      payload: { name: 'Acme Ltda' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Issued>();
  };
  const client = async (customerId: string, body: Record<string, unknown>) => {
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/customers/${customerId}/clients`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Issued>();
  };
  const token = (c: Issued, extra: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: c.clientId, clientSecret: c.clientSecret, ...extra },
      remoteAddress,
    });
  const accessToken = async (c: Issued, extra: Record<string, string> = {}) => {
    const res = await token(c, extra);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ accessToken: string; scope: string }>();
  };
  const call = (
    bearer: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    remoteAddress = '127.0.0.1',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer}` },
      remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('issues a read-only client tokens with only its scopes, and refuses its writes with 403 naming the scope', async () => {
    const c = await customer();
    const reader = await client(c.customerId, {
      name: 'reporting',
      permissions: { accounts: 'read', operations: 'read' },
    });
    const issued = await accessToken(reader);
    expect(issued.scope).toBe('accounts:read operations:read');
    expect(decodeJwt(issued.accessToken).scope).toBe('accounts:read operations:read');

    expect((await call(issued.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(200);
    expect((await call(issued.accessToken, 'GET', '/v1/operations')).statusCode).toBe(200);
    const write = await call(issued.accessToken, 'POST', '/v1/accounts', { type: 'CHECKING' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      status: 403,
      requiredScope: 'accounts:write',
    });
    expect(write.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="accounts:write"',
    );
    const other = await call(issued.accessToken, 'GET', '/v1/subscriptions');
    expect(other.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      requiredScope: 'subscriptions:read',
    });
    // Nothing was created by the refused write.
    const accounts = await call(issued.accessToken, 'GET', '/v1/accounts');
    expect(accounts.json().data).toEqual([]);
  });

  it('grants a requested subset (write brings read), and refuses a scope the client does not hold', async () => {
    const c = await customer();
    const full = await accessToken(c, { scope: 'accounts:write' });
    expect(full.scope).toBe('accounts:read accounts:write');
    expect((await call(full.accessToken, 'GET', '/v1/operations')).statusCode).toBe(403);
    expect(
      (await call(full.accessToken, 'POST', '/v1/accounts', { type: 'CHECKING' })).statusCode,
    ).toBe(201);

    const reader = await client(c.customerId, { permissions: { accounts: 'read' } });
    const beyond = await token(reader, { scope: 'accounts:write' });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ error: 'invalid_scope', code: 'INVALID_SCOPE' });
    // The standard form too (RFC 6749 section 4.4.2).
    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: `grant_type=client_credentials&scope=accounts%3Aread`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${reader.clientId}:${reader.clientSecret}`).toString('base64')}`,
      },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ scope: 'accounts:read' });
  });

  it('narrows tokens already issued when the back-office edits the client, and audits the edit', async () => {
    const c = await customer();
    const issued = await accessToken(c);
    expect(issued.scope).toBe(ALL_SCOPES.join(' '));
    const edit = await asAdmin(
      t,
      {
        method: 'PATCH',
        url: `/admin/v1/clients/${c.clientId}`,
        payload: { permissions: { accounts: 'read' } },
      },
      'ana@ops',
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      permissions: {
        accounts: 'read',
        beneficiaries: 'none',
        operations: 'none',
        quotes: 'none',
        subscriptions: 'none',
        events: 'none',
      },
      scope: 'accounts:read',
      expiresAt: null,
      allowedNetworks: null,
    });
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'CLIENT_UPDATED',
      subject_id: c.clientId,
      actor: 'ana@ops',
    });
    clock.advance(TTL_MS + 1);
    expect((await call(issued.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(200);
    expect((await call(issued.accessToken, 'GET', '/v1/operations')).statusCode).toBe(403);

    // null lifts it: the old token holds everything again.
    const lift = await asAdmin(t, {
      method: 'PATCH',
      url: `/admin/v1/clients/${c.clientId}`,
      payload: { permissions: null },
    });
    expect(lift.json()).toMatchObject({ scope: ALL_SCOPES.join(' ') });
    clock.advance(TTL_MS + 1);
    expect((await call(issued.accessToken, 'GET', '/v1/operations')).statusCode).toBe(200);
  });

  it('stops an expired client: no token, and its tokens refused', async () => {
    const c = await customer();
    const expiring = await client(c.customerId, {
      expiresAt: new Date(clock.now() + 60_000).toISOString(),
    });
    const issued = await accessToken(expiring);
    expect((await call(issued.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(200);
    clock.advance(60_000);
    const refused = await call(issued.accessToken, 'GET', '/v1/accounts');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toMatch(/expired/);
    const again = await token(expiring);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: 'invalid_client' });
    expect(again.json().detail).toMatch(/expired at/);
    // A wrong secret still gets the plain answer: the expiry is told only to the secret's holder.
    const guess = await token({ ...expiring, clientSecret: 'wrong' });
    expect(guess.json().detail).not.toMatch(/expired/);
  });

  it('refuses a client outside its networks, at the token endpoint and on every request', async () => {
    const c = await customer();
    const office = await client(c.customerId, {
      allowedNetworks: ['203.0.113.0/24', '2001:db8::1'],
    });
    const listed = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/customers/${c.customerId}/clients`,
    });
    expect(listed.json().data.at(-1).allowedNetworks).toEqual([
      '203.0.113.0/24',
      '2001:db8::1/128',
    ]);

    expect((await token(office, {}, '198.51.100.7')).statusCode).toBe(401);
    const inside = await token(office, {}, '203.0.113.9');
    expect(inside.statusCode, inside.body).toBe(200);
    // An IPv4 peer on a dual-stack socket is compared as IPv4.
    expect((await token(office, {}, '::ffff:203.0.113.10')).statusCode).toBe(200);
    const bearer = inside.json().accessToken as string;
    expect((await call(bearer, 'GET', '/v1/accounts', undefined, '203.0.113.9')).statusCode).toBe(
      200,
    );
    const outside = await call(bearer, 'GET', '/v1/accounts', undefined, '198.51.100.7');
    expect(outside.statusCode).toBe(401);
    expect(outside.json().code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('refuses a bad restriction with 400 naming each member, and changes nothing', async () => {
    const c = await customer();
    const list = () =>
      asAdmin(t, { method: 'GET', url: `/admin/v1/customers/${c.customerId}/clients` });
    const before = await list();
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/customers/${c.customerId}/clients`,
      payload: { allowedNetworks: ['10.0.0.0/33', 'example.com'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/allowedNetworks/0',
      '/allowedNetworks/1',
    ]);
    // An offset that carries the expiry past the last year a date-time can show in UTC.
    const far = await asAdmin(t, {
      method: 'PATCH',
      url: `/admin/v1/clients/${c.clientId}`,
      payload: { expiresAt: '9999-12-31T23:59:59-23:59' },
    });
    expect(far.statusCode, far.body).toBe(400);
    expect(far.json().errors[0]).toMatchObject({ pointer: '/expiresAt', code: 'OUT_OF_RANGE' });
    for (const permissions of [{ payments: 'write' }, { accounts: 'admin' }]) {
      const refused = await asAdmin(t, {
        method: 'PATCH',
        url: `/admin/v1/clients/${c.clientId}`,
        payload: { permissions },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect((await list()).json()).toEqual(before.json());
  });

  it('ends a client at once with an expiry in the past, and revives it when the expiry is lifted', async () => {
    const c = await customer();
    const ended = await asAdmin(t, {
      method: 'PATCH',
      url: `/admin/v1/clients/${c.clientId}`,
      payload: { expiresAt: new Date(clock.now() - 1).toISOString() },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await token(c)).statusCode).toBe(401);
    await asAdmin(t, {
      method: 'PATCH',
      url: `/admin/v1/clients/${c.clientId}`,
      payload: { expiresAt: null },
    });
    expect((await token(c)).statusCode).toBe(200);
  });

  it('accepts a token issued right after a rotation or an enable, before the cached state would expire', async () => {
    const c = await customer();
    const first = await accessToken(c);
    // The client's state is now cached with secret version 1.
    expect((await call(first.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(200);
    const rotated = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/clients/${c.clientId}/rotateSecret`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = await accessToken({ ...c, clientSecret: rotated.json().clientSecret });
    expect((await call(second.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(200);
    expect((await call(first.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(401);

    await asAdmin(t, { method: 'POST', url: `/admin/v1/clients/${c.clientId}/disable` });
    clock.advance(TTL_MS + 1);
    expect((await call(second.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(401);
    await asAdmin(t, { method: 'POST', url: `/admin/v1/clients/${c.clientId}/enable` });
    clock.advance(1_000);
    const third = await accessToken({ ...c, clientSecret: rotated.json().clientSecret });
    expect((await call(third.accessToken, 'GET', '/v1/accounts')).statusCode).toBe(200);
  });

  it('lists every scope in the metadata and on every /v1 operation of the OpenAPI document', async () => {
    const metadata = await t.app.inject({ url: '/.well-known/oauth-authorization-server' });
    expect(metadata.json().scopes_supported).toEqual([...ALL_SCOPES]);
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    const flows = doc.components.securitySchemes.clientCredentials.flows.clientCredentials;
    expect(Object.keys(flows.scopes)).toEqual([...ALL_SCOPES]);
    const unscoped: string[] = [];
    for (const [path, item] of Object.entries<
      Record<string, { security?: unknown[]; responses: Record<string, unknown> }>
    >(doc.paths)) {
      if (!path.startsWith('/v1/') || path.startsWith('/v1/oauth/') || path === '/v1/events/types')
        continue;
      for (const [method, operation] of Object.entries(item)) {
        const scopes = (operation.security ?? [])
          .flatMap((r) => Object.values(r as Record<string, string[]>))
          .flat();
        if (
          scopes.length === 0 ||
          !scopes.every((s) => (ALL_SCOPES as readonly string[]).includes(s))
        ) {
          unscoped.push(`${method.toUpperCase()} ${path}`);
        }
        expect(operation.responses['403'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(unscoped).toEqual([]);
  });
});
