import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

interface Credentials {
  customerId: string;
  clientId: string;
  clientSecret: string;
}

describe.each(ENGINES)('cofre clients on %s', (engine) => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    // The app reads client state on every request (TTL 0), so a rotation by the CLI, another
    // process, is seen at once; the default 5 s TTL is covered in docs, not here.
    t = await createTestApp(engine, { env: { COFRE_CLIENT_CACHE_TTL_MS: '0' } });
    env = { COFRE_DATABASE_URL: t.database.url, COFRE_LOG_LEVEL: 'silent' };
  });
  afterAll(() => t.close());

  const requestToken = (clientId: string, clientSecret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/client/token',
      payload: { clientId, clientSecret },
    });

  const tokenFor = async (clientId: string, clientSecret: string): Promise<string> => {
    const res = await requestToken(clientId, clientSecret);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ accessToken: string }>().accessToken;
  };

  const listAccounts = (token: string) => t.as(token, { method: 'GET', url: '/v1/accounts' });

  const create = async (name: string): Promise<Credentials> => {
    const run = await cofre(['clients', 'create', '--name', name, '--json'], env);
    expect(run.code, run.err.join('\n')).toBe(0);
    return JSON.parse(run.out[0] ?? '') as Credentials;
  };

  it('prints exactly one line of JSON with the new credentials, and they obtain a token', async () => {
    const run = await cofre(['clients', 'create', '--name', 'Acme Ltda', '--json'], env);
    expect(run.code).toBe(0);
    expect(run.err).toEqual([]);
    expect(run.out).toHaveLength(1);
    const printed = JSON.parse(run.out[0]!) as Credentials;
    expect(Object.keys(printed).sort()).toEqual(['clientId', 'clientSecret', 'customerId']);
    expect(printed.customerId).toMatch(/^cus_[0-9A-Z]{26}$/);
    expect(printed.clientId).toMatch(/^cli_[0-9A-Z]{26}$/);
    expect(printed.clientSecret.length).toBeGreaterThanOrEqual(43);

    const token = await tokenFor(printed.clientId, printed.clientSecret);
    expect((await listAccounts(token)).statusCode).toBe(200);
  });

  it('shows the secret exactly once in human output, and it works', async () => {
    const run = await cofre(['clients', 'create', '--name', 'Human Output'], env);
    expect(run.code).toBe(0);
    expect(run.err).toEqual([]);
    const text = run.out.join('\n');
    const clientId = /clientId:\s+(cli_\S+)/.exec(text)?.[1];
    const clientSecret = /clientSecret:\s+(\S+)/.exec(text)?.[1];
    expect(text).toMatch(/customerId:\s+cus_\S+/);
    expect(clientId).toBeDefined();
    expect(clientSecret).toBeDefined();
    expect(text.split(clientSecret!).length - 1).toBe(1);
    await tokenFor(clientId!, clientSecret!);
  });

  it('rotates a secret: the new one works, the old one and its tokens stop working', async () => {
    const before = await create('Rotating Customer');
    const oldToken = await tokenFor(before.clientId, before.clientSecret);
    expect((await listAccounts(oldToken)).statusCode).toBe(200);

    const run = await cofre(['clients', 'rotate-secret', before.clientId, '--json'], env);
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out).toHaveLength(1);
    const rotated = JSON.parse(run.out[0]!) as { clientId: string; clientSecret: string };
    expect(Object.keys(rotated).sort()).toEqual(['clientId', 'clientSecret']);
    expect(rotated.clientId).toBe(before.clientId);
    expect(rotated.clientSecret).not.toBe(before.clientSecret);

    const newToken = await tokenFor(rotated.clientId, rotated.clientSecret);
    expect((await listAccounts(newToken)).statusCode).toBe(200);

    const oldSecret = await requestToken(before.clientId, before.clientSecret);
    expect(oldSecret.statusCode).toBe(401);
    expect(oldSecret.json()).toMatchObject({ code: 'INVALID_CLIENT' });

    const stale = await listAccounts(oldToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'INVALID_ACCESS_TOKEN' });
    expect(stale.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('shows a rotated secret exactly once in human output', async () => {
    const { clientId } = await create('Rotating Human');
    const run = await cofre(['clients', 'rotate-secret', clientId], env);
    expect(run.code).toBe(0);
    const text = run.out.join('\n');
    const secret = /clientSecret:\s+(\S+)/.exec(text)?.[1];
    expect(secret).toBeDefined();
    expect(text.split(secret!).length - 1).toBe(1);
    await tokenFor(clientId, secret!);
  });

  it('fails with a message on stderr for an unknown client id', async () => {
    const run = await cofre(['clients', 'rotate-secret', 'cli_01ZZZZZZZZZZZZZZZZZZZZZZZZ'], env);
    expect(run.code).not.toBe(0);
    expect(run.out).toEqual([]);
    expect(run.err.join('\n')).toContain('cli_01ZZZZZZZZZZZZZZZZZZZZZZZZ');
  });

  it('refuses to create a client without --name, or with a blank one', async () => {
    const missing = await cofre(['clients', 'create', '--json'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.out).toEqual([]);
    expect(missing.err.join('\n')).toContain('--name');

    const blank = await cofre(['clients', 'create', '--name', '   ', '--json'], env);
    expect(blank.code).not.toBe(0);
    expect(blank.out).toEqual([]);
    expect(blank.err.join('\n')).toContain('--name');
  });

  it('refuses rotate-secret without a client id', async () => {
    const run = await cofre(['clients', 'rotate-secret'], env);
    expect(run.code).not.toBe(0);
    expect(run.out).toEqual([]);
  });
});
