import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../../src/config/load-config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { killAllListenProcesses, startListenProcess } from '../helpers/listen-process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';
import { openAccount } from '../helpers/webhook-api.js';

const CLIENT_CACHE_TTL_MS = 5_000;

// Issue 23 point 1, the CLI's side: the server ends a stream whose token it refuses
// (`unauthorized`); `cofre listen` fetches a new token with its client credentials, and stops
// with a clear message when those no longer log in (client disabled, secret rotated).
describe.each(ENGINES)('cofre listen when its token is refused on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  let t: TestApp;
  let receiver: Receiver;
  let apiUrl: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      clock,
      worker: true,
      env: {
        ...ADMIN_ENV,
        COFRE_CLIENT_CACHE_TTL_MS: String(CLIENT_CACHE_TTL_MS),
        COFRE_SANDBOX_STEP_DELAY_MS: '3600000',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    receiver = await startReceiver(() => ({ status: 200 }));
  });
  afterAll(async () => {
    await killAllListenProcesses();
    await receiver?.close();
    await t?.close();
  });

  const listen = (credentials: { clientId: string; clientSecret: string }) =>
    startListenProcess(
      ['--forward-to', `${receiver.url}/hooks`, '--api-url', apiUrl, '--events', 'ACCOUNT_CREATED'],
      credentials,
    );

  it('logs in again when its token expires and goes on relaying', async () => {
    const credentials = await t.createClient('Expiring');
    const cli = await listen(credentials);
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000);
    await cli.waitForStderr('EXPIRED_ACCESS_TOKEN');
    await cli.waitForStderr('Logged in again');
    const accountId = await openAccount(t, await t.token(credentials));
    await waitFor('the delivery after the new login', () =>
      receiver.received.find((r) => r.body.includes(accountId)),
    );
    expect(cli.child.exitCode).toBeNull();
    cli.child.kill('SIGTERM');
    expect((await cli.exited).code).toBe(0);
  });

  for (const [change, action] of [
    ['disabled', 'disable'],
    ['given a new secret', 'rotateSecret'],
  ] as const) {
    it(`stops with exit code 1 and says why when its client is ${change}`, async () => {
      const credentials = await t.createClient(`Refused (${action})`);
      const cli = await listen(credentials);
      const res = await asAdmin(t, {
        method: 'POST',
        url: `/admin/v1/clients/${credentials.clientId}/${action}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      clock.advance(CLIENT_CACHE_TTL_MS);
      const { code } = await cli.exited;
      expect(code).toBe(1);
      expect(cli.stderr()).toContain('INVALID_ACCESS_TOKEN');
      expect(cli.stderr()).toMatch(/client credentials no longer log in: .*401 INVALID_CLIENT/);
    });
  }
});
