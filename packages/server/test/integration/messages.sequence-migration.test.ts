import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { expandQueuedEvents } from '../helpers/fan-out.js';
import { migrationBefore, testMigrator } from '../helpers/migrations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  getLog,
  header,
  listLogs,
  openAccount,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceiver, useTestApp } from '../helpers/world.js';

const MIGRATION = '0031-message-sequences';

// Migration 0031 (issue 27, point 5) numbers the messages an upgraded database already holds,
// per subscription in creation order, and sets each subscription's counter, so new messages
// continue after them and old ones are delivered with their number.
describe.each(ENGINES)('the message-sequences migration on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const receiver = useReceiver();
  const t = useTestApp(engine, { clock, env: LOCAL_WEBHOOKS_ENV });

  it('numbers existing messages per subscription in creation order, and the next ones continue', async () => {
    const { db } = t.handle;
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const created = await createSubscription(t, alice.token, {
      url: `${receiver.url}/alice`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const bobs = await createSubscription(t, bob.token, {
      url: `${receiver.url}/bob`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const empty = await createSubscription(t, bob.token, {
      url: `${receiver.url}/none`,
      resources: [{ name: 'OPERATION', includeAll: true }],
    });
    for (let i = 0; i < 4; i++) {
      clock.advance(1_000);
      await openAccount(t, alice.token);
      if (i < 2) await openAccount(t, bob.token);
    }
    await expandQueuedEvents(t);

    // Back to before 0031: messages as they were stored then, without a number or its header.
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo(migrationBefore(MIGRATION))).error).toBeUndefined();
    const { rows } = await sql<{ id: string; headers: string }>`
      select id, headers from messages`.execute(db);
    for (const row of rows) {
      const older = Object.fromEntries(
        Object.entries(JSON.parse(row.headers) as Record<string, string>).filter(
          ([name]) => name !== 'x-message-sequence',
        ),
      );
      await sql`update messages set headers = ${JSON.stringify(older)} where id = ${row.id}`.execute(
        db,
      );
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const numbered = async (subscriptionId: string) =>
      db
        .selectFrom('messages')
        .select(['id', 'sequence', 'created_at'])
        .where('subscription_id', '=', subscriptionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    expect((await numbered(created.id)).map((m) => Number(m.sequence))).toEqual([1, 2, 3, 4]);
    expect((await numbered(bobs.id)).map((m) => Number(m.sequence))).toEqual([1, 2]);
    const counters = await db
      .selectFrom('subscriptions')
      .select(['id', 'message_sequence', 'signing_key'])
      .where('id', 'in', [created.id, bobs.id, empty.id])
      .execute();
    expect(
      Object.fromEntries(counters.map((c) => [c.id, [Number(c.message_sequence), c.signing_key]])),
    ).toEqual({
      [created.id]: [4, 'subscription-secret'],
      [bobs.id]: [2, 'subscription-secret'],
      [empty.id]: [0, 'subscription-secret'],
    });

    // A new message continues after them.
    clock.advance(1_000);
    await openAccount(t, alice.token);
    await expandQueuedEvents(t);
    expect((await numbered(created.id)).map((m) => Number(m.sequence))).toEqual([1, 2, 3, 4, 5]);

    // The old messages are delivered with their number, logged as sent.
    await runDueJobs(t);
    const delivered = receiver.received.filter((r) => r.path === '/alice');
    expect(delivered.map((r) => header(r, 'x-message-sequence')).sort()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const logs = (await listLogs(t, alice.token, created.id)).data;
    for (const log of logs) {
      const entry = await getLog(t, alice.token, created.id, log.id);
      expect(entry.requestHeaders['x-message-sequence']).toBe(String(log.messageSequence));
    }
  });
});
