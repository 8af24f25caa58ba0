import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { loggerOptions } from '../../src/logger.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV } from '../helpers/world.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscriptionWithSecret,
  openAccount,
} from '../helpers/webhook-api.js';

// A subscription's secret never reaches the log, at debug level, whatever touches it: its
// creation, reading it, rotating it, and deliveries signed with it in both formats.
describe.each(ENGINES)('signing secrets and the log on %s', (engine) => {
  const raw: string[] = [];
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    const base = loggerOptions(loadConfig({ COFRE_LOG_LEVEL: 'debug' }));
    if (typeof base !== 'object') throw new Error('expected logger options');
    t = await createTestApp(engine, {
      env: LOCAL_WEBHOOKS_ENV,
      logger: { ...base, stream: { write: (line: string) => void raw.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('logs no secret, nor its key bytes', async () => {
    const { token } = await t.customer('Careful');
    const secrets: string[] = [];
    for (const signatureFormat of ['cofre', 'standard-webhooks']) {
      const { subscription, secret } = await createSubscriptionWithSecret(t, token, {
        url: `${receiver.url}/${signatureFormat}`,
        resources: ACCOUNT_CREATED_ONLY,
        signatureFormat,
      });
      secrets.push(secret);
      const url = `/v1/subscriptions/${subscription.id}/secret`;
      await t.as(token, { method: 'GET', url });
      const rotated = await t.as(token, { method: 'POST', url: `${url}/rotate` });
      secrets.push(rotated.json<{ secret: string }>().secret);
    }
    await openAccount(t, token);
    await runDueJobs(t, { logger: t.app.log });
    await receiver.waitForRequests(2);
    expect(raw.some((line) => line.includes('"webhook attempt"'))).toBe(true);
    const log = raw.join('\n');
    for (const secret of secrets) {
      const base64 = secret.slice('whsec_'.length);
      expect(log).not.toContain(base64);
      expect(log).not.toContain(Buffer.from(base64, 'base64').toString('hex'));
    }
    expect(log).not.toContain('whsec_');
  });
});
