import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, type CofreClientOptions } from '../src/index.js';
import { FakeFetch, json, problem, tokenEndpoint, type Responder } from './helpers/fake-fetch.js';
import { ManualClock } from './helpers/manual-clock.js';

const account = () =>
  json(200, { id: 'acc_1', type: 'CHECKING', status: 'OPENING', assets: [] }, {});

/** An API that gives the scripted answers in turn, repeating the last (each made anew). */
function scripted(...answers: (() => Response)[]): Responder {
  let i = 0;
  return () => {
    const answer = answers[Math.min(i, answers.length - 1)]!;
    i += 1;
    return answer();
  };
}

const networkFailure = (): Response => {
  throw new TypeError('fetch failed');
};

function setup(api: Responder, options: Partial<CofreClientOptions> = {}) {
  const fake = new FakeFetch(tokenEndpoint(api));
  const clock = new ManualClock();
  const waits: number[] = [];
  const client = new CofreClient({
    baseUrl: 'https://api.test',
    clientId: 'c',
    clientSecret: 's',
    fetch: fake.fetch,
    clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { fake, client, waits, clock };
}

describe('safe retries', () => {
  it('retries a GET after a network failure, with a backoff of half to all of the base delay', async () => {
    const { fake, client, waits } = setup(scripted(networkFailure, account));
    expect((await client.accounts.get('acc_1')).id).toBe('acc_1');
    expect(fake.apiCalls).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
  });

  it('retries 5xx with growing backoff and gives up after maxAttempts, throwing the last answer', async () => {
    const { fake, client, waits } = setup(
      scripted(() => problem(503, 'SERVICE_UNAVAILABLE')),
      {
        retry: { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 3000 },
      },
    );
    await expect(client.accounts.get('acc_1')).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(fake.apiCalls).toHaveLength(4);
    expect(waits).toHaveLength(3);
    const bounds = [
      [500, 1000],
      [1000, 2000],
      [1500, 3000], // capped by maxDelayMs
    ];
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(bounds[i]![0]!);
      expect(ms).toBeLessThanOrEqual(bounds[i]![1]!);
    });
  });

  it('waits what Retry-After says on a 429, in seconds or as an HTTP date', async () => {
    const limited = (retryAfter: string) =>
      new Response(JSON.stringify({ status: 429, code: 'RATE_LIMITED', title: 'Too many' }), {
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': retryAfter },
      });
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const { fake, client, waits } = setup(
      scripted(
        () => limited('7'),
        () => limited('Thu, 01 Jan 2026 12:00:42 GMT'),
        account,
      ),
      { clock },
    );
    await client.accounts.get('acc_1');
    expect(fake.apiCalls).toHaveLength(3);
    expect(waits).toEqual([7000, 42_000]);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs: it throws the 429 at once', async () => {
    const { fake, client, waits } = setup(
      scripted(
        () =>
          new Response(JSON.stringify({ status: 429, code: 'RATE_LIMITED', title: 'Too many' }), {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'retry-after': '3600' },
          }),
      ),
    );
    const error = await client.accounts.get('acc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect(error).toMatchObject({ status: 429, retryAfter: '3600' });
    expect(fake.apiCalls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('sends a generated Idempotency-Key on create and the same key and body on every retry', async () => {
    const { fake, client } = setup(
      scripted(
        networkFailure,
        () => problem(502, 'BAD_GATEWAY'),
        () => json(201, { id: 'acc_9' }),
      ),
    );
    await client.accounts.create({ type: 'SAVING' });
    const calls = fake.apiCalls;
    expect(calls).toHaveLength(3);
    const key = calls[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    for (const call of calls) {
      expect(call.headers['idempotency-key']).toBe(key);
      expect(call.body).toEqual({ type: 'SAVING' });
    }
  });

  it('keeps a key the caller gives, and a new call gets a new generated key', async () => {
    const { fake, client } = setup(() => json(201, { id: 'acc_9' }));
    await client.accounts.create({ type: 'SAVING' }, { idempotencyKey: 'mine' });
    await client.accounts.create({ type: 'SAVING' });
    await client.accounts.create({ type: 'SAVING' });
    const keys = fake.apiCalls.map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toBe('mine');
    expect(new Set(keys).size).toBe(3);
  });

  it('retries a keyed request answered 409 IDEMPOTENCY_IN_PROGRESS after its Retry-After', async () => {
    const inProgress = () =>
      new Response(
        JSON.stringify({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', title: 'In progress' }),
        {
          status: 409,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        },
      );
    const { fake, client, waits } = setup(scripted(inProgress, () => json(201, { id: 'acc_9' })));
    expect((await client.accounts.create({ type: 'CHECKING' })).id).toBe('acc_9');
    expect(fake.apiCalls).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it.each(['POST', 'PATCH'] as const)(
    'never retries a %s without an Idempotency-Key',
    async (method) => {
      const { fake, client, waits } = setup(scripted(networkFailure, account));
      await expect(
        client.request({ method, path: '/v1/subscriptions/sub_1', body: { status: 'PAUSED' } }),
      ).rejects.toThrow('fetch failed');
      expect(fake.apiCalls).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it.each([
    [400, 'INVALID_DATA'],
    [404, 'RESOURCE_NOT_FOUND'],
    [409, 'SUBSCRIPTION_PAUSED'],
    [422, 'IDEMPOTENCY_CONFLICT'],
  ])('never retries a %i %s', async (status, code) => {
    const { fake, client } = setup(scripted(() => problem(status, code), account));
    await expect(client.accounts.get('acc_1')).rejects.toMatchObject({ status, code });
    expect(fake.apiCalls).toHaveLength(1);
  });

  it('does not retry at all with retry: false', async () => {
    const { fake, client } = setup(
      scripted(() => problem(503, 'SERVICE_UNAVAILABLE'), account),
      {
        retry: false,
      },
    );
    await expect(client.accounts.get('acc_1')).rejects.toMatchObject({ status: 503 });
    expect(fake.apiCalls).toHaveLength(1);
  });

  it('does not retry a call the caller aborted, and stops waiting when aborted during a backoff', async () => {
    const controller = new AbortController();
    const { fake, client } = setup(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () =>
            reject(call.init.signal?.reason as Error),
          );
          controller.abort(new Error('caller gave up'));
        }),
    );
    await expect(client.accounts.get('acc_1', { signal: controller.signal })).rejects.toThrow(
      'caller gave up',
    );
    expect(fake.apiCalls).toHaveLength(1);

    const waiting = new AbortController();
    const slow = new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: new FakeFetch(tokenEndpoint(() => problem(503, 'SERVICE_UNAVAILABLE'))).fetch,
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const pending = slow.accounts.get('acc_1', { signal: waiting.signal });
    waiting.abort(new Error('stop waiting'));
    await expect(pending).rejects.toThrow();
  });
});

describe('request timeout', () => {
  /** An API that never answers; it rejects only when the request's signal aborts. */
  const silent: Responder = (call) =>
    new Promise<Response>((_, reject) => {
      const signal = call.init.signal;
      signal?.addEventListener('abort', () => reject(signal.reason as Error));
    });

  it('aborts an exchange that outlives timeoutMs with a TimeoutError', async () => {
    const { fake, client } = setup(silent, { timeoutMs: 20, retry: false });
    const error = await client.accounts.get('acc_1').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(fake.apiCalls).toHaveLength(1);
  });

  it('retries a GET that timed out', async () => {
    let calls = 0;
    const { fake, client } = setup(
      (call) => {
        calls += 1;
        return calls === 1 ? silent(call) : account();
      },
      { timeoutMs: 20 },
    );
    expect((await client.accounts.get('acc_1')).id).toBe('acc_1');
    expect(fake.apiCalls).toHaveLength(2);
  });

  it('has a default of 30 s and refuses a negative timeout', async () => {
    const { fake, client } = setup(() => account());
    await client.accounts.get('acc_1');
    expect(fake.apiCalls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    expect(
      () =>
        new CofreClient({
          baseUrl: 'https://a.test',
          clientId: 'c',
          clientSecret: 's',
          timeoutMs: -1,
        }),
    ).toThrow(TypeError);
  });
});
