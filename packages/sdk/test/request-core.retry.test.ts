import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient } from '../src/index.js';
import {
  FakeFetch,
  json,
  problem,
  tokenEndpoint,
  type RecordedCall,
} from './helpers/fake-fetch.js';
import { ManualClock } from './helpers/manual-clock.js';

const created = () => json(201, { id: 'acc_1', type: 'CHECKING', status: 'OPENING', assets: [] });

/** An API that refuses the first `refusals` calls with a 401 of `code`, then answers `ok`. */
function refusing(code: string, refusals: number, ok: () => Response = created) {
  let seen = 0;
  const fake = new FakeFetch(
    tokenEndpoint(() => {
      seen += 1;
      return seen <= refusals ? problem(401, code) : ok();
    }),
  );
  const client = new CofreClient({
    baseUrl: 'https://api.test',
    clientId: 'cli_test',
    clientSecret: 's3cret',
    fetch: fake.fetch,
    clock: new ManualClock(),
  });
  return { fake, client };
}

const summary = (calls: RecordedCall[]) =>
  calls.map((c) => `${c.method} ${c.path} ${c.headers.authorization ?? '-'}`);

describe('retry on a refused token', () => {
  it.each(['EXPIRED_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN'])(
    'gets a new token and resends the request once after a 401 %s',
    async (code) => {
      const { fake, client } = refusing(code, 1);
      const account = await client.accounts.create(
        { type: 'CHECKING' },
        { idempotencyKey: 'key-1' },
      );
      expect(account.id).toBe('acc_1');
      expect(summary(fake.calls)).toEqual([
        'POST /v1/oauth/client/token -',
        'POST /v1/accounts Bearer tok-1',
        'POST /v1/oauth/client/token -',
        'POST /v1/accounts Bearer tok-2',
      ]);
      const [first, second] = fake.apiCalls;
      expect(second?.body).toEqual(first?.body);
      expect(second?.headers['idempotency-key']).toBe('key-1');
    },
  );

  it('throws the second refusal instead of retrying again', async () => {
    const { fake, client } = refusing('EXPIRED_ACCESS_TOKEN', 5);
    await expect(client.accounts.get('acc_1')).rejects.toMatchObject({
      status: 401,
      code: 'EXPIRED_ACCESS_TOKEN',
    });
    expect(fake.apiCalls).toHaveLength(2);
    expect(fake.tokenCalls).toHaveLength(2);
  });

  it('keeps the new token for later calls after a retry', async () => {
    const { fake, client } = refusing('INVALID_ACCESS_TOKEN', 1);
    await client.accounts.get('acc_1');
    await client.accounts.get('acc_1');
    expect(fake.tokenCalls).toHaveLength(2);
    expect(fake.apiCalls.map((c) => c.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
      'Bearer tok-2',
    ]);
  });

  it('gets one new token when concurrent calls are refused with the same stale token', async () => {
    const fake = new FakeFetch(
      tokenEndpoint((call) =>
        call.headers.authorization === 'Bearer tok-1'
          ? problem(401, 'EXPIRED_ACCESS_TOKEN')
          : created(),
      ),
    );
    const client = new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    });
    await Promise.all(Array.from({ length: 4 }, () => client.accounts.get('acc_1')));
    expect(fake.tokenCalls).toHaveLength(2);
    expect(fake.apiCalls.filter((c) => c.headers.authorization === 'Bearer tok-2')).toHaveLength(4);
  });

  it.each([
    [401, 'INVALID_CLIENT'],
    [403, 'FORBIDDEN'],
    [404, 'RESOURCE_NOT_FOUND'],
    [429, 'RATE_LIMITED'],
    [500, 'INTERNAL_ERROR'],
  ])('does not get a new token for a %i %s', async (status, code) => {
    const fake = new FakeFetch(tokenEndpoint(() => problem(status, code)));
    const client = new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
      retry: false, // the safe-retry policy is tested in request-core.safe-retries.test.ts
    });
    const error = await client.accounts.get('acc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect(error).toMatchObject({ status, code });
    expect(fake.apiCalls).toHaveLength(1);
    expect(fake.tokenCalls).toHaveLength(1);
  });
});
