import {
  createPublicKey,
  generateKeyPairSync,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { loggerOptions } from '../../src/logger.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { verifiedAt } from '../helpers/standard-webhook-verdict.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  header,
  listLogs,
  getLog,
  openAccount,
  patchSubscription,
  postSubscription,
  type Customer,
} from '../helpers/webhook-api.js';

interface Jwks {
  keys: (JsonWebKey & { kid: string })[];
}

/** The `v1a,` signatures of a delivery, in header order. */
const v1aSignatures = (request: Received): Buffer[] =>
  header(request, 'webhook-signature')
    .split(' ')
    .map((entry) => {
      expect(entry).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
      return Buffer.from(entry.slice('v1a,'.length), 'base64');
    });

/** What a receiver checks: an Ed25519 signature over "<webhook-id>.<webhook-timestamp>.<body>". */
function verifies(request: Received, key: KeyObject, signature: Buffer): boolean {
  const content = `${header(request, 'webhook-id')}.${header(request, 'webhook-timestamp')}.${request.body}`;
  return verify(null, Buffer.from(content), key, signature);
}

const keyOf = (jwk: JsonWebKey): KeyObject => createPublicKey({ key: jwk, format: 'jwk' });

// Issue 27, point 6: a standard-webhooks subscription signing with Ed25519 sends `v1a,`
// signatures that verify with its published JWKS only, never shows its private key, and rotates
// by key id with an overlap.
describe.each(ENGINES)('Ed25519 signatures on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  const rawLog: string[] = [];
  const answers: string[] = [];
  let t: TestApp;
  let receiver: Receiver;
  let alice: Customer;
  let subscriptionId: string;

  /** Every API answer of the test, kept to search for the private key at the end. */
  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> => {
    const res = await t.as(alice.token, { method, url, ...(payload ? { payload } : {}) });
    answers.push(res.body);
    return res;
  };
  const jwks = async (): Promise<Jwks> => {
    const res = await call('GET', `/v1/subscriptions/${subscriptionId}/keys`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Jwks>();
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    const base = loggerOptions(loadConfig({ COFRE_LOG_LEVEL: 'debug' }));
    if (typeof base !== 'object') throw new Error('expected logger options');
    t = await createTestApp(engine, {
      clock,
      env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true', COFRE_SANDBOX_STEP_DELAY_MS: '3600000' },
      logger: { ...base, stream: { write: (line: string) => void rawLog.push(line) } },
    });
    alice = await t.customer('Alice');
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses ed25519 with the cofre format, pointing at the field that was sent', async () => {
    const res = await postSubscription(t, alice.token, {
      url: `${receiver.url}/hooks`,
      resources: ACCOUNT_CREATED_ONLY,
      signingKey: 'ed25519',
    });
    const problem = expectProblem(res, 400, 'INVALID_DATA');
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/signingKey', code: 'INVALID_VALUE' }),
    ]);
  });

  it('creates it with a public key and no secret', async () => {
    const res = await call('POST', '/v1/subscriptions', {
      url: `${receiver.url}/hooks`,
      resources: ACCOUNT_CREATED_ONLY,
      signatureFormat: 'standard-webhooks',
      signingKey: 'ed25519',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Record<string, unknown>>();
    expect(created).not.toHaveProperty('secret');
    expect(created.publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    subscriptionId = String(created.id);
    const read = (await call('GET', `/v1/subscriptions/${subscriptionId}`)).json<
      Record<string, unknown>
    >();
    expect(read).toMatchObject({
      signingKey: 'ed25519',
      publicKey: created.publicKey,
      keyId: created.keyId,
    });
    const { keys } = await jwks();
    expect(keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.any(String) as string,
        kid: created.keyId,
        use: 'sig',
        alg: 'EdDSA',
      },
    ]);
    // The whpk_ form and the JWK are the same key.
    expect(Buffer.from(keys[0]!.x!, 'base64url').toString('base64')).toBe(
      String(created.publicKey).slice('whpk_'.length),
    );
  });

  it('answers a clear 409 for its secret: none exists', async () => {
    const res = await call('GET', `/v1/subscriptions/${subscriptionId}/secret`);
    expect(expectProblem(res, 409, 'INVALID_STATE').detail).toMatch(/Ed25519.*no secret exists/);
  });

  it('refuses switching it to the cofre format', async () => {
    const res = await patchSubscription(t, alice.token, subscriptionId, {
      signatureFormat: 'cofre',
    });
    const problem = expectProblem(res, 400, 'INVALID_DATA');
    expect(problem.errors?.[0]?.pointer).toBe('/signatureFormat');
  });

  it('sends a v1a signature that verifies with the JWKS key and not with another key', async () => {
    await openAccount(t, alice.token);
    await runDueJobs(t);
    const [delivery] = await receiver.waitForRequests(1);
    const [signature] = v1aSignatures(delivery!);
    expect(v1aSignatures(delivery!)).toHaveLength(1);
    const { keys } = await jwks();
    expect(verifies(delivery!, keyOf(keys[0]!), signature!)).toBe(true);
    expect(verifies(delivery!, generateKeyPairSync('ed25519').publicKey, signature!)).toBe(false);
    // The stock JS verifiers know only v1 (HMAC): they find no signature they can check.
    const anySecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => verifiedAt(clock.now(), anySecret, delivery!)).toThrow(/No matching signature/);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock.now());
    try {
      const svix = new SvixWebhook(anySecret);
      expect(() =>
        svix.verify(delivery!.body, delivery!.headers as Record<string, string>),
      ).toThrow(/No matching signature/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rotates by key id: both keys sign and are published for the window, then the old one leaves', async () => {
    const before = (await jwks()).keys[0]!;
    const res = await call('POST', `/v1/subscriptions/${subscriptionId}/secret/rotate`, {
      expireCurrentInSeconds: 3600,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json<Record<string, string>>();
    expect(rotated).not.toHaveProperty('secret');
    expect(rotated.keyId).not.toBe(before.kid);
    expect(rotated.publicKey).toMatch(/^whpk_/);
    const during = (await jwks()).keys;
    expect(during.map((k) => k.kid)).toEqual([rotated.keyId, before.kid]);

    await openAccount(t, alice.token);
    await runDueJobs(t);
    const overlap = (await receiver.waitForRequests(2))[1]!;
    const signatures = v1aSignatures(overlap);
    expect(signatures).toHaveLength(2);
    expect(verifies(overlap, keyOf(during[0]!), signatures[0]!)).toBe(true);
    expect(verifies(overlap, keyOf(during[1]!), signatures[1]!)).toBe(true);

    clock.advance(3600_000);
    const after = (await jwks()).keys;
    expect(after.map((k) => k.kid)).toEqual([rotated.keyId]);
    await openAccount(t, alice.token);
    await runDueJobs(t);
    const later = (await receiver.waitForRequests(3))[2]!;
    const [only] = v1aSignatures(later);
    expect(v1aSignatures(later)).toHaveLength(1);
    expect(verifies(later, keyOf(after[0]!), only!)).toBe(true);
    expect(verifies(later, keyOf(during[1]!), only!)).toBe(false);
  });

  it('gives an HMAC subscription switched to ed25519 a key pair of its own', async () => {
    const res = await call('POST', '/v1/subscriptions', {
      url: `${receiver.url}/other`,
      resources: ACCOUNT_CREATED_ONLY,
      signatureFormat: 'standard-webhooks',
    });
    const hmac = res.json<{ id: string }>();
    const patched = await call('PATCH', `/v1/subscriptions/${hmac.id}`, { signingKey: 'ed25519' });
    expect(patched.statusCode, patched.body).toBe(200);
    const view = patched.json<{ publicKey: string; keyId: string }>();
    expect(view.publicKey).toMatch(/^whpk_/);
    const keys = (await call('GET', `/v1/subscriptions/${hmac.id}/keys`)).json<Jwks>();
    expect(keys.keys.map((k) => k.kid)).toEqual([view.keyId]);
    // Back to its HMAC secret: it publishes no key, and its secret reads again.
    await call('PATCH', `/v1/subscriptions/${hmac.id}`, { signingKey: 'subscription-secret' });
    expect((await call('GET', `/v1/subscriptions/${hmac.id}/keys`)).json<Jwks>()).toEqual({
      keys: [],
    });
    expect((await call('GET', `/v1/subscriptions/${hmac.id}/secret`)).statusCode).toBe(200);
  });

  it('shows its private keys in no API answer, execution log or log line', async () => {
    const rows = await t.handle.db
      .selectFrom('subscription_secrets')
      .select(['private_key', 'previous_private_key'])
      .execute();
    const privateKeys = rows
      .flatMap((r) => [r.private_key, r.previous_private_key])
      .filter((k) => k !== null);
    expect(privateKeys.length).toBeGreaterThanOrEqual(3);
    for (const summary of (await listLogs(t, alice.token, subscriptionId)).data) {
      answers.push(JSON.stringify(await getLog(t, alice.token, subscriptionId, summary.id)));
    }
    answers.push((await call('GET', '/v1/subscriptions')).body);
    const seen = [...answers, ...rawLog].join('\n');
    expect(rawLog.some((line) => line.includes('"webhook attempt"'))).toBe(true);
    for (const privateKey of privateKeys) {
      const base64 = privateKey.slice('whsk_'.length);
      expect(seen).not.toContain(base64);
      expect(seen).not.toContain(Buffer.from(base64, 'base64').toString('base64url'));
      expect(seen).not.toContain(Buffer.from(base64, 'base64').toString('hex'));
    }
    expect(seen).not.toContain('whsk_');
  });
});
