import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient } from '../src/index.js';
import {
  FakeFetch,
  gate,
  json,
  problem,
  tokenEndpoint,
  type Responder,
} from './helpers/fake-fetch.js';
import { ManualClock } from './helpers/manual-clock.js';

const DAY_TOKEN = 82_800;
const account = (id = 'acc_1') =>
  json(200, { id, type: 'CHECKING', status: 'OPENING', assets: [] });

function setup(
  handler: Responder,
  options: { refreshMarginSeconds?: number; retry?: false; scope?: string } = {},
) {
  const fake = new FakeFetch(handler);
  const clock = new ManualClock();
  const client = new CofreClient({
    baseUrl: 'https://api.test',
    clientId: 'cli_test',
    clientSecret: 's3cret',
    fetch: fake.fetch,
    clock,
    ...options,
  });
  return { fake, clock, client };
}

const bearers = (fake: FakeFetch) => fake.apiCalls.map((c) => c.headers.authorization);

describe('token caching', () => {
  it('exchanges the credentials as JSON at the token endpoint', async () => {
    const { fake, client } = setup(tokenEndpoint(() => account()));
    await client.accounts.get('acc_1');
    const [tokenCall] = fake.tokenCalls;
    expect(tokenCall?.method).toBe('POST');
    expect(tokenCall?.url).toBe('https://api.test/v1/oauth/client/token');
    expect(tokenCall?.headers['content-type']).toBe('application/json');
    expect(tokenCall?.headers.authorization).toBeUndefined();
    expect(tokenCall?.body).toEqual({ clientId: 'cli_test', clientSecret: 's3cret' });
  });

  it('asks for the scopes it was given, and for none without them', async () => {
    const narrow = setup(
      tokenEndpoint(() => account()),
      { scope: 'accounts:read' },
    );
    await narrow.client.accounts.get('acc_1');
    expect(narrow.fake.tokenCalls[0]?.body).toMatchObject({ scope: 'accounts:read' });
    const all = setup(tokenEndpoint(() => account()));
    await all.client.accounts.get('acc_1');
    expect(all.fake.tokenCalls[0]?.body).not.toHaveProperty('scope');
  });

  it('requests no token until the first call', () => {
    const { fake } = setup(tokenEndpoint(() => account()));
    expect(fake.calls).toHaveLength(0);
  });

  it('reuses one token for many calls instead of requesting one per call', async () => {
    const { fake, clock, client } = setup(tokenEndpoint(() => account()));
    for (let i = 0; i < 5; i++) {
      await client.accounts.get('acc_1');
      clock.advance(60 * 60 * 1000); // an hour between calls, 5 h in all: well inside 23 h
    }
    expect(fake.tokenCalls).toHaveLength(1);
    expect(bearers(fake)).toEqual(Array(5).fill('Bearer tok-1'));
  });

  it('replaces the token once the refresh margin before expiry is reached, not earlier', async () => {
    const { fake, clock, client } = setup(
      tokenEndpoint(() => account()),
      { refreshMarginSeconds: 300 },
    );
    await client.accounts.get('acc_1');
    clock.advance((DAY_TOKEN - 300) * 1000 - 1);
    await client.accounts.get('acc_1');
    clock.advance(1);
    await client.accounts.get('acc_1');
    await client.accounts.get('acc_1');
    expect(bearers(fake)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2', 'Bearer tok-2']);
  });

  it('uses a five-minute refresh margin by default', async () => {
    const { fake, clock, client } = setup(tokenEndpoint(() => account()));
    await client.accounts.get('acc_1');
    clock.advance((DAY_TOKEN - 301) * 1000);
    await client.accounts.get('acc_1');
    clock.advance(1000);
    await client.accounts.get('acc_1');
    expect(bearers(fake)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
  });

  it('measures the lifetime from when the token was requested', async () => {
    const tokenAnswer = gate();
    let issued = 0;
    const { fake, clock, client } = setup(
      async (call) => {
        if (!call.path.startsWith('/v1/oauth')) return account();
        issued += 1;
        if (issued === 1) await tokenAnswer.promise;
        return json(200, { accessToken: `tok-${issued}`, tokenType: 'Bearer', expiresIn: 1000 });
      },
      { refreshMarginSeconds: 100 },
    );
    const first = client.accounts.get('acc_1');
    clock.advance(50_000); // the token answer took 50 s to arrive
    tokenAnswer.open();
    await first;
    clock.advance(850_000 - 1); // 1 ms before 900 s after the request was sent
    await client.accounts.get('acc_1');
    clock.advance(1);
    await client.accounts.get('acc_1');
    expect(bearers(fake)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
  });

  it('refreshes a token shorter-lived than twice the margin at half its lifetime, not on every call', async () => {
    const { fake, clock, client } = setup(
      tokenEndpoint(() => account(), 60),
      { refreshMarginSeconds: 300 },
    );
    await client.accounts.get('acc_1');
    clock.advance(29_999);
    await client.accounts.get('acc_1');
    clock.advance(1);
    await client.accounts.get('acc_1');
    expect(bearers(fake)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
  });

  it('shares one in-flight token request among concurrent calls', async () => {
    const tokenAnswer = gate();
    const { fake, client } = setup(async (call) => {
      if (!call.path.startsWith('/v1/oauth')) return account();
      await tokenAnswer.promise;
      return json(200, { accessToken: 'tok-shared', tokenType: 'Bearer', expiresIn: DAY_TOKEN });
    });
    const calls = Array.from({ length: 10 }, () => client.accounts.get('acc_1'));
    expect(fake.tokenCalls).toHaveLength(1);
    tokenAnswer.open();
    await Promise.all(calls);
    expect(fake.tokenCalls).toHaveLength(1);
    expect(bearers(fake)).toEqual(Array(10).fill('Bearer tok-shared'));
  });

  it('shares one refresh among concurrent calls when the cached token is due', async () => {
    const { fake, clock, client } = setup(tokenEndpoint(() => account()));
    await client.accounts.get('acc_1');
    clock.advance(DAY_TOKEN * 1000);
    await Promise.all(Array.from({ length: 5 }, () => client.accounts.get('acc_1')));
    expect(fake.tokenCalls).toHaveLength(2);
    expect(bearers(fake).slice(1)).toEqual(Array(5).fill('Bearer tok-2'));
  });

  it('fails every waiting call when the shared token request fails, then tries again on the next call', async () => {
    let attempts = 0;
    const { fake, client } = setup(
      (call) => {
        if (!call.path.startsWith('/v1/oauth')) return account();
        attempts += 1;
        return attempts === 1
          ? problem(503, 'SERVICE_UNAVAILABLE')
          : json(200, { accessToken: 'tok-ok', tokenType: 'Bearer', expiresIn: DAY_TOKEN });
      },
      { retry: false },
    ); // safe retries would retry the 503; tested elsewhere
    const results = await Promise.allSettled([
      client.accounts.get('acc_1'),
      client.accounts.get('acc_1'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fake.apiCalls).toHaveLength(0);
    await client.accounts.get('acc_1');
    expect(fake.tokenCalls).toHaveLength(2);
    expect(bearers(fake)).toEqual(['Bearer tok-ok']);
  });

  it('keeps using the cached token when an early refresh fails before expiry', async () => {
    let attempts = 0;
    const { fake, clock, client } = setup((call) => {
      if (!call.path.startsWith('/v1/oauth')) return account();
      attempts += 1;
      if (attempts === 2) return problem(503, 'SERVICE_UNAVAILABLE');
      return json(200, {
        accessToken: `tok-${attempts}`,
        tokenType: 'Bearer',
        expiresIn: DAY_TOKEN,
      });
    });
    await client.accounts.get('acc_1');
    clock.advance((DAY_TOKEN - 60) * 1000); // inside the margin, a minute before expiry
    await client.accounts.get('acc_1');
    await client.accounts.get('acc_1');
    expect(fake.tokenCalls).toHaveLength(3);
    expect(bearers(fake)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-3']);
  });

  it('fails the call when the token has expired and no new one can be had', async () => {
    let attempts = 0;
    const { fake, clock, client } = setup(
      (call) => {
        if (!call.path.startsWith('/v1/oauth')) return account();
        attempts += 1;
        return attempts === 1
          ? json(200, { accessToken: 'tok-1', tokenType: 'Bearer', expiresIn: DAY_TOKEN })
          : problem(503, 'SERVICE_UNAVAILABLE');
      },
      { retry: false },
    );
    await client.accounts.get('acc_1');
    clock.advance(DAY_TOKEN * 1000);
    await expect(client.accounts.get('acc_1')).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(fake.apiCalls).toHaveLength(1);
  });

  it('reports wrong credentials as INVALID_CLIENT without calling the API', async () => {
    const { fake, client } = setup((call) =>
      call.path.startsWith('/v1/oauth')
        ? problem(401, 'INVALID_CLIENT', { detail: 'Client authentication failed.' })
        : account(),
    );
    const error = await client.accounts.get('acc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CLIENT' });
    expect(fake.tokenCalls).toHaveLength(1);
    expect(fake.apiCalls).toHaveLength(0);
  });

  it('rejects a token answer without a usable token, and keeps its body out of the error', async () => {
    const { client } = setup((call) =>
      call.path.startsWith('/v1/oauth')
        ? json(200, { accessToken: 'tok-x', tokenType: 'Bearer' })
        : account(),
    );
    const error = await client.accounts.get('acc_1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 200, body: undefined });
    expect(String(error)).not.toContain('tok-x');
  });
});
