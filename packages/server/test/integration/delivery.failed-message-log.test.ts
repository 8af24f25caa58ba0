import { describe, expect, it } from 'vitest';
import { FAST_DELIVERY_ENV, openAccount, subscribe, waitForSettled } from '../helpers/delivery.js';
import { metricValue, parseExposition } from '../helpers/prometheus.js';
import { ENGINES } from '../helpers/test-db.js';
import { useReceiver, useTestApp } from '../helpers/world.js';
import { waitFor } from '../helpers/wait-for.js';

interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

const FAILED_LINE = 'webhook message failed; no more automatic attempts';

// Issue 14 point 5: a message whose retries are exhausted (or not allowed) turned FAILED
// silently; now one info line says so, with ids, the event type and the last answer only.
describe.each(ENGINES)('a message that becomes FAILED on %s', (engine) => {
  const raw: string[] = [];
  const receiver = useReceiver(() => ({ status: 503, body: 'receiver down' }));
  const t = useTestApp(engine, {
    worker: true,
    env: { ...FAST_DELIVERY_ENV, COFRE_SANDBOX_STEP_DELAY_MS: '3600000' },
    logger: { level: 'info', stream: { write: (line: string) => void raw.push(line) } },
  });

  const failedLines = () =>
    raw.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === FAILED_LINE);
  const failedTotal = async (reason: string) =>
    metricValue(
      parseExposition((await t.app.inject({ method: 'GET', url: '/metrics' })).body),
      'cofre_webhook_messages_failed_total',
      { reason },
    );

  it.each([
    { allowRetry: false, reason: 'retry_not_allowed', attempts: 1 },
    { allowRetry: true, reason: 'retries_exhausted', attempts: 3 },
  ])(
    'logs one info line and counts it when retries are $reason',
    async ({ allowRetry, reason, attempts }) => {
      const before = await failedTotal(reason);
      const customer = await t.customer();
      const subscriptionId = await subscribe(t, customer.token, {
        url: `${receiver.url}/hooks?token=receiver-secret`,
        allowRetry,
      });
      await openAccount(t, customer.token);
      const message = await waitForSettled(t, subscriptionId);
      expect(message.status).toBe('FAILED');
      const line = await waitFor('the FAILED line', () =>
        failedLines().find((l) => l.messageId === message.id),
      );
      expect(line).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        msg: FAILED_LINE,
        subscriptionId,
        messageId: message.id,
        eventType: 'ACCOUNT_CREATED',
        attempts,
        reason,
        httpStatus: 503,
        error: 'The endpoint answered 503.',
      });
      // Neither the callback URL (it may carry a credential) nor the payload or headers.
      const text = JSON.stringify(line);
      for (const secret of ['receiver-secret', receiver.url, 'x-message-signature', '"data"'])
        expect(text).not.toContain(secret);
      expect(failedLines().filter((l) => l.messageId === message.id)).toHaveLength(1);
      expect(await failedTotal(reason)).toBe((before ?? 0) + 1);
    },
  );
});
