import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { openAccounts } from '../webhooks/latency.mjs';
import { summarize } from '../webhooks/numbers.mjs';
import { seedOutbox } from '../webhooks/outbox.mjs';
import { startWorkers } from './workers.mjs';

/**
 * The noisy neighbour of issue 14 point 1, on one `cofre worker` with its default settings.
 * Customer A has two subscriptions, one whose receiver answers after `slowMs` and one whose
 * receiver never answers (each attempt ends at COFRE_WEBHOOK_TIMEOUT_MS), with `noisyMessages`
 * messages queued between them before the worker starts. Customer B then opens accounts through
 * the API at `noisyRate` per second for `noisySeconds`; each account makes ACCOUNT_CREATED now and,
 * one sandbox step (`stepDelayMs`) later, ACCOUNT_ASSET_ACTIVATED per asset, all delivered to B's
 * receiver, which answers at once. Measured while A's backlog drains: B's delivery latency
 * (event atTime -> arrival at B's receiver) and B's step lateness (activation event time -
 * (account creation + step delay)). Run once without A (`withNoise: false`, the baseline) and
 * once with A. What has not arrived `noisyDrainSeconds` after the load is reported as missing;
 * it is the defect being measured, not an error.
 */
export async function runNoisyNeighbour(fixture, settings, receiver, { withNoise }) {
  const { db } = fixture.database;
  const tag = withNoise ? 'noisy' : 'quiet';
  const b = await fixture.customer(`Customer B (${tag})`);
  await fixture.subscribe(b, `${receiver.base}/lane/b-${tag}?delay=0`);
  let aQueued = 0;
  let aQueues = [];
  if (withNoise) {
    const a = await fixture.customer('Customer A (noisy)');
    const slow = await fixture.subscribe(
      a,
      `${receiver.base}/lane/a-slow?delay=${settings.slowMs}`,
    );
    const never = await fixture.subscribe(a, `${receiver.base}/lane/a-never?delay=never`);
    aQueues = [slow.id, never.id];
    const seeded = await seedOutbox(db, 'postgres', {
      customerId: a.customerId,
      subscriptions: [slow, never],
      events: Math.ceil(settings.noisyMessages / 2),
      startMs: Date.now() - 1_000 - settings.noisyMessages,
    });
    aQueued = seeded.messages;
  }

  const worker = await startWorkers(fixture, settings, 1);
  let load;
  let waitedMs;
  try {
    load = await openAccounts(fixture.base, b.auth, settings.noisyRate, settings.noisySeconds);
    const expected = load.responses.reduce((sum, r) => sum + 1 + r.assets, 0);
    const loadEnd = Date.now();
    const deadline = loadEnd + settings.noisyDrainSeconds * 1_000;
    while (Date.now() < deadline) {
      const lane = (await receiver.stats()).lanes[`b-${tag}`];
      if ((lane?.distinct ?? 0) >= expected) break;
      await sleep(100);
    }
    waitedMs = Date.now() - loadEnd;
  } finally {
    // A's attempts that never get an answer would hold a graceful stop for its whole 10 s grace.
    await worker.stop({ kill: withNoise });
  }
  const stats = await receiver.stats();
  const lane = stats.lanes[`b-${tag}`] ?? { distinct: 0, latencies: [] };
  const expected = load.responses.reduce((sum, r) => sum + 1 + r.assets, 0);
  const steps = await stepLateness(
    db,
    load.responses.map((r) => r.id),
    settings.stepDelayMs,
    load.responses.reduce((sum, r) => sum + r.assets, 0),
  );
  if (aQueues.length > 0) await db.deleteFrom('jobs').where('queue', 'in', aQueues).execute();
  const result = {
    withNoise,
    aQueued,
    aDelivered: {
      slow: stats.lanes['a-slow']?.distinct ?? 0,
      neverAnswering: stats.lanes['a-never']?.distinct ?? 0,
    },
    bAccounts: load.created,
    bExpected: expected,
    bDelivered: lane.distinct,
    bMissing: expected - lane.distinct,
    bDuplicates: lane.duplicates ?? 0,
    latency: summarize(lane.latencies),
    steps,
    waitedSeconds: waitedMs / 1_000,
    loadAverage: loadavg()[0],
  };
  console.log(
    `    B ${tag}: ${result.bDelivered}/${expected} delivered, p50 ${result.latency.p50Ms.toFixed(0)} ms, p99 ${result.latency.p99Ms.toFixed(0)} ms; steps done ${steps.done}/${steps.expected}, lateness p99 ${steps.lateness.p99Ms.toFixed(0)} ms`,
  );
  return result;
}

/**
 * How late B's account activations ran: each ACCOUNT_ASSET_ACTIVATED event's time minus when it
 * was due (account creation + the sandbox step delay). Activations still missing are counted, with
 * how overdue the oldest of them is now.
 */
async function stepLateness(db, accountIds, stepDelayMs, expected) {
  if (accountIds.length === 0) {
    return { expected, done: 0, notDone: expected, lateness: summarize([]), oldestOverdueMs: 0 };
  }
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'created_at'])
    .where('id', 'in', accountIds)
    .execute();
  const dueAt = new Map(accounts.map((a) => [a.id, Number(a.created_at) + stepDelayMs]));
  const events = await db
    .selectFrom('events')
    .select(['resource_id', 'created_at'])
    .where('resource_id', 'in', accountIds)
    .where('type', '=', 'ACCOUNT_ASSET_ACTIVATED')
    .execute();
  const activated = new Set(events.map((e) => e.resource_id));
  const waiting = [...dueAt].filter(([id]) => !activated.has(id)).map(([, due]) => due);
  const now = Date.now();
  return {
    expected,
    done: events.length,
    notDone: expected - events.length,
    lateness: summarize(events.map((e) => Number(e.created_at) - dueAt.get(e.resource_id))),
    oldestOverdueMs: waiting.length > 0 ? Math.max(0, now - Math.min(...waiting)) : 0,
  };
}
