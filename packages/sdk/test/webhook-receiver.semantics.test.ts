import { describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  createWebhookReceiver,
  generateWebhookSecret,
  signTestWebhook,
  type WebhookContext,
  type WebhookEvent,
  type WebhookReceiverOptions,
} from '../src/webhooks/index.js';

const SECRET = generateWebhookSecret();
const event = {
  id: 'evt_1',
  type: 'ACCOUNT_CREATED',
  resource: 'ACCOUNT',
  atTime: '2026-11-22T08:56:33.000Z',
  data: { id: 'acc_1' },
};
const delivery = (messageId = 'msg_1', format: 'cofre' | 'standard-webhooks' = 'cofre') =>
  signTestWebhook({ secret: SECRET, payload: event, messageId, format });

/** A receiver with a hand-moved clock that records handler runs. */
function setup(options: Partial<WebhookReceiverOptions> = {}) {
  let now = Date.now();
  const runs: { event: WebhookEvent; context: WebhookContext }[] = [];
  const errors: unknown[] = [];
  const store = createMemoryStore();
  const receiver = createWebhookReceiver({
    secret: SECRET,
    store,
    handler: (e, context) => {
      runs.push({ event: e, context });
    },
    onError: (error) => errors.push(error),
    now: () => now,
    verify: { now: undefined },
    ...options,
  });
  return { receiver, runs, errors, store, advance: (ms: number) => (now += ms) };
}

describe('the webhook receiver', () => {
  it('answers 202 once verified and claimed, then runs the handler with the message id and format', async () => {
    const { receiver, runs } = setup();
    const { body, headers } = delivery('msg_1', 'standard-webhooks');
    expect(await receiver.receive(body, headers)).toEqual({
      status: 202,
      body: { status: 'accepted' },
    });
    await receiver.idle();
    expect(runs).toEqual([
      {
        event,
        context: { messageId: 'msg_1', format: 'standard-webhooks', attempt: 1, sequence: null },
      },
    ]);
  });

  it("gives the handler the delivery's sequence number, in either format", async () => {
    const { receiver, runs } = setup();
    for (const [messageId, format, sequence] of [
      ['msg_a', 'cofre', 7],
      ['msg_b', 'standard-webhooks', 8],
    ] as const) {
      const { body, headers } = signTestWebhook({
        secret: SECRET,
        payload: event,
        messageId,
        format,
        sequence,
      });
      await receiver.receive(body, headers);
    }
    await receiver.idle();
    expect(runs.map((r) => r.context.sequence)).toEqual([7, 8]);
  });

  it('answers a duplicate 200 without running the handler again', async () => {
    const { receiver, runs } = setup();
    const { body, headers } = delivery();
    await receiver.receive(body, headers);
    await receiver.idle();
    expect(await receiver.receive(body, headers)).toEqual({
      status: 200,
      body: { status: 'duplicate' },
    });
    await receiver.idle();
    expect(runs).toHaveLength(1);
  });

  it('refuses a delivery that does not verify with 400 and the reason, touching nothing', async () => {
    const { receiver, runs } = setup();
    const { body, headers } = delivery();
    expect(await receiver.receive(`${body} `, headers)).toEqual({
      status: 400,
      body: { error: 'NO_MATCHING_SIGNATURE' },
    });
    expect(await receiver.receive(body, {})).toEqual({
      status: 400,
      body: { error: 'MISSING_HEADER' },
    });
    expect(runs).toHaveLength(0);
  });

  it('re-runs from the store a message whose handler failed, once the lease has passed', async () => {
    let fail = true;
    const { receiver, errors, advance } = setup({
      leaseMs: 1_000,
      handler: () => {
        if (fail) throw new Error('database down');
      },
    });
    const { body, headers } = delivery();
    expect((await receiver.receive(body, headers)).status).toBe(202);
    await receiver.idle();
    expect(errors).toHaveLength(1);
    // Within the lease the sender's retry is not run twice at once...
    expect(await receiver.receive(body, headers)).toEqual({
      status: 202,
      body: { status: 'in-progress' },
    });
    expect(await receiver.retryExpired()).toBe(0);
    // ...after it, retryExpired runs it again from the stored body.
    fail = false;
    advance(1_000);
    expect(await receiver.retryExpired()).toBe(1);
    expect(await receiver.receive(body, headers)).toEqual({
      status: 200,
      body: { status: 'duplicate' },
    });
  });

  it('re-runs a message claimed by a process that died before completing it', async () => {
    const store = createMemoryStore();
    // The process that died: it claimed the message and never completed it.
    await store.claim({ id: 'msg_9', body: JSON.stringify(event) }, { now: 0, leaseMs: 1_000 });
    const runs: WebhookContext[] = [];
    const receiver = createWebhookReceiver({
      secret: SECRET,
      store,
      leaseMs: 1_000,
      now: () => 5_000,
      handler: (_e, context) => {
        runs.push(context);
      },
    });
    expect(await receiver.retryExpired()).toBe(1);
    expect(runs).toEqual([{ messageId: 'msg_9', format: null, attempt: 2, sequence: null }]);
  });

  it('in after-handler mode answers 200 after the handler, and 500 with the claim released when it throws', async () => {
    let fail = true;
    let ran = 0;
    const { receiver } = setup({
      respond: 'after-handler',
      handler: () => {
        ran += 1;
        if (fail) throw new Error('nope');
      },
    });
    const { body, headers } = delivery();
    expect(await receiver.receive(body, headers)).toEqual({
      status: 500,
      body: { error: 'HANDLER_FAILED' },
    });
    fail = false;
    expect(await receiver.receive(body, headers)).toEqual({
      status: 200,
      body: { status: 'processed' },
    });
    expect(await receiver.receive(body, headers)).toEqual({
      status: 200,
      body: { status: 'duplicate' },
    });
    expect(ran).toBe(2);
  });

  it('in after-handler mode answers 409 to a second delivery while the first is still running', async () => {
    let release!: () => void;
    const { receiver } = setup({
      respond: 'after-handler',
      handler: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const { body, headers } = delivery();
    const first = receiver.receive(body, headers);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await receiver.receive(body, headers)).toEqual({
      status: 409,
      body: { error: 'IN_PROGRESS' },
    });
    release();
    expect((await first).status).toBe(200);
  });

  it('prunes handled ids older than the retention', async () => {
    const { receiver, advance } = setup();
    const { body, headers } = delivery();
    await receiver.receive(body, headers);
    await receiver.idle();
    advance(31 * 24 * 3600_000);
    expect(await receiver.prune()).toBe(1);
  });
});
