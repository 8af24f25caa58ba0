import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startGatedReceiver } from '../helpers/gated-receiver.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  header,
  listLogs,
  openAccount,
  patchSubscription,
  resourceIdOf,
  waitForLogs,
  type Customer,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceivers, useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('pausing and resuming a subscription on %s', (engine) => {
  const t = useTestApp(engine, {
    worker: true,
    env: {
      // Only ACCOUNT_CREATED happens: the sandbox never gets to activate the accounts.
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_RETRY_DELAY_MS: '5000',
      COFRE_WORKER_POLL_MS: '500',
    },
  });
  const receiver = useReceivers();

  /** A paused subscription to one receiver and an active control to another. */
  const pausedAndControl = async (customer: Customer) => {
    const held = await receiver();
    const control = await receiver();
    // One attempt at a time (maxConcurrency 1): messages then arrive in the order they are sent.
    const paused = await createSubscription(t, customer.token, {
      url: `${held.url}/paused`,
      resources: ACCOUNT_CREATED_ONLY,
      maxConcurrency: 1,
    });
    await createSubscription(t, customer.token, {
      url: `${control.url}/control`,
      resources: ACCOUNT_CREATED_ONLY,
      maxConcurrency: 1,
    });
    const res = await patchSubscription(t, customer.token, paused.id, { status: 'PAUSED' });
    expect(res.statusCode, res.body).toBe(200);
    return { held, control, paused };
  };

  it('sends nothing while paused, then every held message, in creation order, on resume', async () => {
    const alice = await t.customer('Alice');
    const { held, control, paused } = await pausedAndControl(alice);
    const accounts: string[] = [];
    for (let i = 0; i < 6; i++) accounts.push(await openAccount(t, alice.token));

    // The control got every event, so every event (and its held message) is committed.
    const controlled = await control.waitForRequests(6);
    expect(controlled.map(resourceIdOf)).toEqual(accounts);
    expect(held.received).toEqual([]);
    expect((await listLogs(t, alice.token, paused.id)).data).toEqual([]);

    const resumed = await patchSubscription(t, alice.token, paused.id, { status: 'ACTIVE' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const delivered = await held.waitForRequests(6);
    expect(delivered.map(resourceIdOf)).toEqual(accounts);
    const messageIds = delivered.map((r) => header(r, 'x-message-id'));
    expect(messageIds).toEqual([...messageIds].sort());
    expect(new Set(messageIds).size).toBe(6);
    // One message per subscription: the control's are other messages with the same bodies.
    expect(controlled.map((r) => r.body)).toEqual(delivered.map((r) => r.body));
    expect(controlled.map((r) => header(r, 'x-message-id'))).not.toEqual(messageIds);
  });

  it('delivers events of a resumed subscription as they happen', async () => {
    const alice = await t.customer('Alice');
    const { held, paused } = await pausedAndControl(alice);
    await patchSubscription(t, alice.token, paused.id, { status: 'ACTIVE' });
    const account = await openAccount(t, alice.token);
    const [request] = await held.waitForRequests(1);
    expect(resourceIdOf(request!)).toBe(account);
  });

  it('keeps a message that was waiting for its retry when paused, and sends it at once on resume', async () => {
    const alice = await t.customer('Alice');
    const flaky = await receiver();
    flaky.script((r) => (r.n === 1 ? { status: 503 } : { status: 200 }));
    const sub = await createSubscription(t, alice.token, {
      url: `${flaky.url}/flaky`,
      allowRetry: true,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const account = await openAccount(t, alice.token);
    await waitForLogs(t, alice.token, sub.id, 1);
    await patchSubscription(t, alice.token, sub.id, { status: 'PAUSED' });
    await patchSubscription(t, alice.token, sub.id, { status: 'ACTIVE' });
    // Well before the 5 s retry delay: the resume queued it again.
    const [first, retry] = await flaky.waitForRequests(2, 2_500);
    expect(resourceIdOf(retry!)).toBe(account);
    expect(header(retry!, 'x-message-id')).toBe(header(first!, 'x-message-id'));
    expect(retry!.body).toBe(first!.body);
    const [last] = await waitForLogs(t, alice.token, sub.id, 2);
    expect(last).toMatchObject({ trigger: 'RETRY', retryAttempts: 1, status: 'SUCCESS' });
  });

  it('does not send again on resume a message whose delivery was in flight when paused', async () => {
    const alice = await t.customer('Alice');
    const gated = await startGatedReceiver();
    try {
      const sub = await createSubscription(t, alice.token, {
        url: `${gated.url}/gated`,
        resources: ACCOUNT_CREATED_ONLY,
      });
      const first = await openAccount(t, alice.token);
      await gated.waitForRequests(1);
      // The attempt is on the wire when the pause commits; then it succeeds.
      const paused = await patchSubscription(t, alice.token, sub.id, { status: 'PAUSED' });
      expect(paused.statusCode, paused.body).toBe(200);
      gated.release(200);
      const [log] = await waitForLogs(t, alice.token, sub.id, 1);
      expect(log).toMatchObject({ status: 'SUCCESS', trigger: 'AUTOMATIC' });

      await patchSubscription(t, alice.token, sub.id, { status: 'ACTIVE' });
      const second = await openAccount(t, alice.token);
      // Anything the resume queued would be due before this newer event's message.
      const requests = await gated.waitForRequests(2);
      expect(requests.map(resourceIdOf)).toEqual([first, second]);
    } finally {
      await gated.close();
    }
  });

  it('delivers a message whose event committed while the resume was being committed', async () => {
    const alice = await t.customer('Alice');
    const { held, control, paused } = await pausedAndControl(alice);

    // On PostgreSQL, hold the event's transaction at its first write to `messages` (it has read
    // the subscription, PAUSED, by then), and start the resume while it waits: the resume must
    // still end up sending the event's message. SQLite runs one transaction at a time, so there
    // the two are simply sequential.
    const gate = engine === 'postgres' ? await MessagesGate.close(t.database.url) : undefined;
    let account: string;
    try {
      const opening = openAccount(t, alice.token);
      await gate?.waitForBlocked(1);
      const resuming = patchSubscription(t, alice.token, paused.id, { status: 'ACTIVE' });
      // Blocked too: on `messages` as the code stands, on the subscription row if the event
      // holds it (either way, before committing).
      await gate?.waitForBlocked(2);
      await gate?.open();
      const [opened, resumed] = await Promise.all([opening, resuming]);
      expect(resumed.statusCode, resumed.body).toBe(200);
      account = opened;
    } finally {
      await gate?.open();
    }

    await control.waitForRequests(1);
    const [request] = await held.waitForRequests(1, 3_000);
    expect(resourceIdOf(request!)).toBe(account);
  });
});

/** A PostgreSQL session holding a SHARE lock on `messages`: writers queue behind it. */
class MessagesGate {
  private opened = false;

  private constructor(private readonly client: pg.Client) {}

  static async close(url: string): Promise<MessagesGate> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE messages IN SHARE MODE');
    return new MessagesGate(client);
  }

  /** Resolves once `count` sessions of this database wait for a lock. */
  async waitForBlocked(count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await this.client.query<{ n: number }>(
        `select count(distinct l.pid)::int as n
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      );
      const blocked = res.rows[0]?.n ?? 0;
      if (blocked >= count) return;
      if (Date.now() > deadline) throw new Error(`only ${blocked} of ${count} sessions blocked`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    await this.client.query('COMMIT');
    await this.client.end();
  }
}
