import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/jobs.table.js';
import { ManualClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import {
  settleAttempts,
  type AttemptSettlementItem,
} from '../../src/webhooks/delivery/settle-attempts.js';
import { messagesOfNewSubscription } from '../helpers/delivery.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV, useTestApp } from '../helpers/world.js';

// docs/webhooks.md "Delivery health": a group commit settles its attempts with one
// multi-row statement per kind of write. Each attempt must end exactly as the one-by-one path
// (delivery-handlers.ts) ends it: logged always; its job finished or put back only while the
// lease is ours; a retry of a message held meanwhile finished, the message counted but kept HELD.
// Both engines batch (issue 28 point 7); the one-by-one path stays a failed batch's retry.
describe.each(ENGINES)('settling a batch of attempts with multi-row statements on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));

  const t = useTestApp(engine, {
    clock,
    env: LOCAL_WEBHOOKS_ENV,
  });

  it('writes what settling them one by one writes, lost leases and held messages included', async () => {
    const db = t.handle.db;
    const messages = await messagesOfNewSubscription(t, clock, 4);
    const now = clock.now();
    // Leased by this worker, except the fourth (another worker took it over).
    const jobs: Job[] = [];
    for (const [i, message] of messages.entries()) {
      const owner = i === 3 ? 'someone-else' : 'this-worker';
      await db
        .updateTable('jobs')
        .set({ lease_owner: owner, lease_expires_at: now + 30_000 })
        .where('subject_id', '=', message.id)
        .execute();
      jobs.push(
        await db
          .selectFrom('jobs')
          .selectAll()
          .where('subject_id', '=', message.id)
          .executeTakeFirstOrThrow(),
      );
    }
    // The third message's subscription was paused meanwhile.
    await db
      .updateTable('messages')
      .set({ status: 'HELD' })
      .where('id', '=', messages[2]!.id)
      .execute();

    const retryAt = now + 5_000;
    const plan: [AttemptSettlementItem['settlement'], number | undefined][] = [
      ['SUCCEEDED', undefined],
      ['RETRY', retryAt],
      ['RETRY', retryAt],
      ['FAILED', undefined],
    ];
    const items: AttemptSettlementItem[] = messages.map((message, i) => ({
      job: { id: jobs[i]!.id, lease_owner: 'this-worker' },
      messageId: message.id,
      log: {
        id: newId('log', now),
        customer_id: message.customer_id,
        subscription_id: message.subscription_id,
        message_id: message.id,
        event_id: message.event_id,
        event_type: message.event_type,
        url: 'http://127.0.0.1:8080/hook',
        http_status: i === 0 ? 200 : 500,
        response_body: null,
        error: i === 0 ? null : 'The endpoint answered 500.',
        duration_ms: 3,
        retry_attempts: 0,
        trigger: 'AUTOMATIC',
        status: i === 0 ? 'SUCCESS' : 'FAILED',
        created_at: now,
        request_headers: null,
      },
      retryAt: plan[i]![1],
      settlement: plan[i]![0],
      attempts: 1,
      status: i === 0 ? 'SUCCESS' : 'FAILED',
      at: now,
      settled: false,
    }));
    await db.transaction().execute((trx) => settleAttempts(trx, items));

    expect(items.map((item) => item.settled)).toEqual([true, true, true, false]);
    // Every attempt is logged, whatever happened to its job.
    const logs = await db
      .selectFrom('execution_logs')
      .select('message_id')
      .where(
        'message_id',
        'in',
        messages.map((m) => m.id),
      )
      .orderBy('message_id')
      .execute();
    expect(logs.map((l) => l.message_id)).toEqual(messages.map((m) => m.id));
    const after = await db
      .selectFrom('messages')
      .select(['id', 'status', 'attempts', 'last_attempt_status', 'last_attempt_at'])
      .where(
        'id',
        'in',
        messages.map((m) => m.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map(({ id: _, ...rest }) => rest)).toEqual([
      { status: 'SUCCEEDED', attempts: 1, last_attempt_status: 'SUCCESS', last_attempt_at: now },
      { status: 'PENDING', attempts: 1, last_attempt_status: 'FAILED', last_attempt_at: now },
      { status: 'HELD', attempts: 1, last_attempt_status: 'FAILED', last_attempt_at: now },
      { status: 'PENDING', attempts: 0, last_attempt_status: null, last_attempt_at: null },
    ]);
    const left = await db
      .selectFrom('jobs')
      .select(['id', 'run_at', 'lease_owner', 'lease_expires_at', 'priority'])
      .where(
        'id',
        'in',
        jobs.map((j) => j.id),
      )
      .orderBy('id')
      .execute();
    expect(left).toEqual(
      [
        {
          id: jobs[1]!.id,
          run_at: retryAt,
          lease_owner: null,
          lease_expires_at: null,
          priority: 0,
        },
        {
          id: jobs[3]!.id,
          run_at: jobs[3]!.run_at,
          lease_owner: 'someone-else',
          lease_expires_at: now + 30_000,
          priority: jobs[3]!.priority,
        },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });
});
