import { afterEach, describe, expect, it } from 'vitest';
import { FAST_DELIVERY_ENV, openAccount, subscribe, waitForSettled } from '../helpers/delivery.js';
import { LEVEL, type LogLine } from '../helpers/capture-log.js';
import { startReceiver, type Receiver, type Script } from '../helpers/receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';
import { useTestApp } from '../helpers/world.js';

// Issue 6 point 8: one JSON line per webhook attempt, at debug, enough to follow a delivery.
describe.each(ENGINES)('webhook attempt log lines on %s', (engine) => {
  const raw: string[] = [];
  const receivers: Receiver[] = [];

  async function receiver(script: Script): Promise<Receiver> {
    const started = await startReceiver(script);
    receivers.push(started);
    return started;
  }

  const t = useTestApp(engine, {
    worker: true,
    env: FAST_DELIVERY_ENV,
    logger: { level: 'debug', stream: { write: (line: string) => void raw.push(line) } },
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  const attemptLines = (messageId: string): LogLine[] =>
    raw
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg === 'webhook attempt' && line.messageId === messageId);

  it('logs each attempt with its outcome, and nothing of the URL, headers or body', async () => {
    let calls = 0;
    const endpoint = await receiver(() => ({ status: ++calls === 1 ? 503 : 200 }));
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url: endpoint.url, allowRetry: true });
    await openAccount(t, token);
    const message = await waitForSettled(t, subscriptionId);
    expect(message.status).toBe('SUCCEEDED');

    const lines = await waitFor('two attempt lines', () => {
      const found = attemptLines(message.id);
      return found.length >= 2 ? found : undefined;
    });
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.level)).toEqual([LEVEL.debug, LEVEL.debug]);
    expect(lines[0]).toMatchObject({
      messageId: message.id,
      subscriptionId,
      eventType: 'ACCOUNT_CREATED',
      status: 'FAILED',
      httpStatus: 503,
      trigger: 'AUTOMATIC',
      attempt: 1,
    });
    expect(lines[1]).toMatchObject({
      status: 'SUCCESS',
      httpStatus: 200,
      trigger: 'RETRY',
      attempt: 2,
    });
    for (const line of lines) {
      expect(line.durationMs).toEqual(expect.any(Number));
      const text = JSON.stringify(line);
      expect(text).not.toContain(endpoint.url);
      expect(text).not.toContain('webhook-signature');
    }
  });
});
