import { afterEach, describe, expect, it } from 'vitest';
import {
  FAST_DELIVERY_ENV,
  getLog,
  openAccount,
  subscribe,
  waitForLogs,
} from '../helpers/delivery.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/** BRIEF "Execution logs": the receiver's answer is kept truncated, at 4 KiB. */
const LIMIT = 4096;

describe.each(ENGINES)('stored response body on %s', (engine) => {
  let endpoint: Receiver | undefined;

  async function storedAnswer(body: string): Promise<string | null> {
    endpoint = await startReceiver(() => ({
      status: 200,
      body,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    }));
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url: endpoint.url });
    await openAccount(t, token);
    const [summary] = await waitForLogs(t, token, subscriptionId, 1);
    const log = await getLog(t, token, subscriptionId, summary!.id);
    expect(log.status).toBe('SUCCESS');
    return log.responseBody;
  }

  const t = useTestApp(engine, { worker: true, env: FAST_DELIVERY_ENV });
  afterEach(async () => {
    await endpoint?.close();
  });

  it('keeps the first 4096 bytes of a 100 KB answer', async () => {
    const answer = Array.from({ length: 100 * 1024 }, (_, i) =>
      String.fromCharCode(97 + (i % 26)),
    ).join('');
    const stored = await storedAnswer(answer);
    expect(stored).toBe(answer.slice(0, LIMIT));
  });

  it('keeps at most 4096 bytes, and only whole characters, of a 100 KB multi-byte answer', async () => {
    // '€' is 3 bytes in UTF-8; 4096 is not a multiple of 3, so a byte cut splits a character.
    const answer = '€'.repeat(Math.ceil((100 * 1024) / 3));
    const stored = await storedAnswer(answer);
    expect(stored).not.toBeNull();
    expect(Buffer.byteLength(stored!, 'utf8')).toBeLessThanOrEqual(LIMIT);
    expect(answer.startsWith(stored!)).toBe(true);
    expect(stored!.length).toBe(Math.floor(LIMIT / 3));
  });
});
