import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { CofreApiError, CofreClient, type Account } from '../src/index.js';

describe.each(ENGINES)('SDK against the real server on %s', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let client: CofreClient;
  // The server's clock, moved by hand to expire tokens; the SDK keeps the real clock.
  let serverNow = Date.now();

  /** A new customer's client, and a count of the token requests it made. */
  const newCustomer = async (name: string) => {
    const credentials = await t.createClient(name);
    const counts = { tokenRequests: 0 };
    const sdk = new CofreClient({
      baseUrl,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      fetch: (url, init) => {
        if (url.endsWith('/v1/oauth/client/token')) counts.tokenRequests += 1;
        return fetch(url, init);
      },
    });
    return { sdk, counts };
  };
  const newClient = async (name: string) => (await newCustomer(name)).sdk;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: { now: () => serverNow } });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = await newClient('SDK customer');
  });
  afterAll(() => t.close());

  it('creates an account and reads it back by id', async () => {
    const created = await client.accounts.create({ type: 'SAVING', assets: ['USDT', 'BRL'] });
    expect(created).toMatchObject({
      type: 'SAVING',
      status: 'OPENING',
      assets: [
        { asset: 'USDT', status: 'ONBOARDING' },
        { asset: 'BRL', status: 'ONBOARDING' },
      ],
    });
    expect(created.id).toMatch(/^acc_/);
    expect(await client.accounts.get(created.id)).toEqual(created);
  });

  it('lists a page with the spec envelope and filters', async () => {
    const customer = await newClient('Lister');
    await customer.accounts.create({ type: 'CHECKING' });
    await customer.accounts.create({ type: 'SAVING' });
    await customer.accounts.create({ type: 'SAVING' });
    const saving = await customer.accounts.list({ type: 'SAVING', limit: 1 });
    expect(saving.data).toHaveLength(1);
    expect(saving.meta).toMatchObject({ previousCursor: null, total: 1 });
    expect(saving.meta.nextCursor).toEqual(expect.any(String));
    const rest = await customer.accounts.list({
      type: 'SAVING',
      limit: 1,
      cursor: saving.meta.nextCursor ?? undefined,
    });
    expect(rest.meta.nextCursor).toBeNull();
    expect(rest.data[0]?.type).toBe('SAVING');
    expect(rest.data[0]?.id).not.toBe(saving.data[0]?.id);
  });

  it('iterates all 25 accounts exactly once, in order, across pages, in both sort orders', async () => {
    const customer = await newClient('Iterator');
    const created: Account[] = [];
    for (let i = 0; i < 25; i++)
      created.push(await customer.accounts.create({ type: i % 2 === 0 ? 'CHECKING' : 'SAVING' }));
    const ids = created.map((a) => a.id);

    const ascending: string[] = [];
    for await (const account of customer.accounts.iterate({ sortOrder: 'ASCENDING', limit: 10 }))
      ascending.push(account.id);
    expect(ascending).toEqual(ids);

    const descending: string[] = [];
    for await (const account of customer.accounts.iterate({ limit: 7 }))
      descending.push(account.id);
    expect(descending).toEqual([...ids].reverse());

    const checking: string[] = [];
    for await (const account of customer.accounts.iterate({
      type: 'CHECKING',
      sortOrder: 'ASCENDING',
      limit: 4,
    }))
      checking.push(account.id);
    expect(checking).toEqual(created.filter((a) => a.type === 'CHECKING').map((a) => a.id));
  });

  it('maps an unknown account to a CofreApiError with code RESOURCE_NOT_FOUND and the request id', async () => {
    const error = await client.accounts
      .get('acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
      title: 'Resource not found',
      errors: [],
    });
    expect((error as CofreApiError).requestId).toMatch(/^req_/);
    expect((error as CofreApiError).detail).toContain('acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ');
  });

  it('does not show one customer another customer’s account', async () => {
    const other = await newClient('Other');
    const theirs = await other.accounts.create({ type: 'CHECKING' });
    await expect(client.accounts.get(theirs.id)).rejects.toMatchObject({
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
    });
  });

  it('maps a validation failure to INVALID_DATA with field errors', async () => {
    const error = await client.accounts
      .create({ type: 'CURRENT' as never, assets: ['BRL', 'BRL'] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_DATA' });
    expect((error as CofreApiError).errors.map((e) => e.pointer)).toContain('/type');
  });

  it('reports wrong credentials as INVALID_CLIENT', async () => {
    const intruder = new CofreClient({
      baseUrl,
      clientId: 'cli_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
      clientSecret: 'wrong',
    });
    await expect(intruder.accounts.list()).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CLIENT',
    });
  });

  it('reuses one token for many calls', async () => {
    const { sdk, counts } = await newCustomer('Counter');
    await Promise.all([
      sdk.accounts.create({ type: 'CHECKING' }),
      sdk.accounts.list(),
      sdk.accounts.list(),
    ]);
    await sdk.accounts.list();
    expect(counts.tokenRequests).toBe(1);
  });

  it('gets a new token and retries once when the server says the token has expired', async () => {
    const { sdk, counts } = await newCustomer('Expiring');
    const before = await sdk.accounts.create({ type: 'CHECKING' });
    serverNow += 82_800 * 1000 + 1; // past the token's exp, while the SDK still thinks it fresh
    const after = await sdk.accounts.create({ type: 'SAVING' });
    const page = await sdk.accounts.list({ sortOrder: 'ASCENDING' });
    expect(page.data.map((a) => a.id)).toEqual([before.id, after.id]);
    expect(counts.tokenRequests).toBe(2);
  });
});
