import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { rotateClientSecret } from '../../src/modules/customers/customers.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const listAccounts = (t: TestApp, token: string) =>
  t.as(token, { method: 'GET', url: '/v1/accounts' });

describe.each(ENGINES)('bearer authentication on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  const t = useTestApp(engine, { clock, env: { COFRE_CLIENT_CACHE_TTL_MS: '0' } });

  it('refuses a request without a token, with a malformed header, or with garbage', async () => {
    for (const authorization of [
      undefined,
      'Token abc',
      'Bearer',
      'Bearer not.a.jwt',
      'Basic Zm9vOmJhcg==',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/accounts',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().code).toBe('INVALID_ACCESS_TOKEN');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('accepts a token until its exp, then answers EXPIRED_ACCESS_TOKEN', async () => {
    const alice = await t.customer();
    const exp = decodeJwt(alice.token).exp! * 1000;
    clock.set(exp - 1000);
    expect((await listAccounts(t, alice.token)).statusCode).toBe(200);
    clock.set(exp);
    const expired = await listAccounts(t, alice.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('EXPIRED_ACCESS_TOKEN');
    clock.set(Date.UTC(2026, 5, 1, 12));
  });

  it('answers EXPIRED_ACCESS_TOKEN for an expired token it has never seen before', async () => {
    const bob = await t.customer();
    clock.advance(82_800_000 + 1000);
    const res = await listAccounts(t, bob.token);
    expect(res.json().code).toBe('EXPIRED_ACCESS_TOKEN');
    clock.set(Date.UTC(2026, 5, 1, 12));
  });

  it('rejects tokens issued before a secret rotation and accepts new ones', async () => {
    const carol = await t.customer();
    expect((await listAccounts(t, carol.token)).statusCode).toBe(200);
    const rotated = await rotateClientSecret(t.handle.db, carol.clientId, clock);
    const old = await listAccounts(t, carol.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('INVALID_ACCESS_TOKEN');
    const fresh = await t.token({ ...carol, clientSecret: rotated.clientSecret });
    expect((await listAccounts(t, fresh)).statusCode).toBe(200);
    // The old secret no longer obtains tokens either.
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId: carol.clientId, clientSecret: carol.clientSecret },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a token whose signature was tampered with', async () => {
    const dave = await t.customer();
    const [h, p, s] = dave.token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims.sub = 'cus_01SOMEONEELSE000000000000';
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    expect((await listAccounts(t, forged)).json().code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('refuses the same claims with a changed signature while the genuine token is remembered', async () => {
    const fay = await t.customer();
    // The genuine token is verified once and then remembered (docs/performance.md "HTTP path");
    // the cache is keyed by the whole token, so a twin with another signature is checked afresh.
    expect((await listAccounts(t, fay.token)).statusCode).toBe(200);
    const [h, p, s] = fay.token.split('.');
    const bytes = Buffer.from(s!, 'base64url');
    bytes[0] = bytes[0]! ^ 0xff;
    const twin = `${h}.${p}.${bytes.toString('base64url')}`;
    expect((await listAccounts(t, twin)).json().code).toBe('INVALID_ACCESS_TOKEN');
    expect((await listAccounts(t, fay.token)).statusCode).toBe(200);
  });

  it('rejects unsigned (alg none) tokens and tokens signed by another key', async () => {
    const erin = await t.customer();
    const claims = decodeJwt(erin.token);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await listAccounts(t, none)).json().code).toBe('INVALID_ACCESS_TOKEN');

    const { privateKey } = generateKeyPairSync('ed25519');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: t.keys.token.kid })
      .sign(privateKey);
    expect((await listAccounts(t, foreign)).json().code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('rejects a token signed with the right key but a wrong audience or type', async () => {
    const frank = await t.customer();
    const claims = decodeJwt(frank.token);
    const wrongAud = await new SignJWT({ ...claims, aud: 'urn:cofre:production:api' })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: t.keys.token.kid })
      .sign(t.keys.token.privateKey);
    expect((await listAccounts(t, wrongAud)).json().code).toBe('INVALID_ACCESS_TOKEN');
    const wrongTyp = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .sign(t.keys.token.privateKey);
    expect((await listAccounts(t, wrongTyp)).json().code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('rejects tokens of a disabled client', async () => {
    const gina = await t.customer();
    await t.handle.db
      .updateTable('api_clients')
      .set({ status: 'DISABLED' })
      .where('id', '=', gina.clientId)
      .execute();
    expect((await listAccounts(t, gina.token)).json().code).toBe('INVALID_ACCESS_TOKEN');
  });
});

describe.each(ENGINES)('environments are separate on %s', (engine) => {
  let sandbox: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    sandbox = await createTestApp(engine);
    production = await createTestApp(engine, {
      env: { COFRE_ENVIRONMENT: 'production', COFRE_BOOTSTRAP_DEMO_CLIENT: 'false' },
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await production.close();
  });

  it('rejects a sandbox token in production and the reverse', async () => {
    const s = await sandbox.customer();
    const p = await production.customer();
    expect((await listAccounts(production, s.token)).json().code).toBe('INVALID_ACCESS_TOKEN');
    expect((await listAccounts(sandbox, p.token)).json().code).toBe('INVALID_ACCESS_TOKEN');
    expect((await listAccounts(production, p.token)).statusCode).toBe(200);
  });

  it('refuses sandbox credentials at the production token endpoint even on a shared database', async () => {
    const shared = await createTestApp(engine, {
      database: sandbox.database,
      env: { COFRE_ENVIRONMENT: 'production' },
    });
    try {
      const s = await sandbox.createClient();
      const res = await shared.app.inject({
        method: 'POST',
        url: '/v1/oauth/client/token',
        payload: { clientId: s.clientId, clientSecret: s.clientSecret },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CLIENT');
    } finally {
      await shared.close();
    }
  });
});

describe.each(ENGINES)('per-client rate limit on %s', (engine) => {
  // Limits are counted in clock minutes: a fixed clock keeps the six requests in one.
  const t = useTestApp(engine, {
    clock: new ManualClock(Date.UTC(2026, 10, 1, 12, 0, 15)),
    env: { COFRE_RATE_LIMIT_PER_MINUTE: '5' },
  });

  it('answers 429 problem with Retry-After past the limit, per client', async () => {
    const a = await t.customer();
    const b = await t.customer();
    for (let i = 0; i < 5; i++) expect((await listAccounts(t, a.token)).statusCode).toBe(200);
    const limited = await listAccounts(t, a.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await listAccounts(t, b.token)).statusCode).toBe(200);
  });
});
