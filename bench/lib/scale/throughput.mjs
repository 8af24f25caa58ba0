import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMeter } from '../webhooks/cpu.mjs';
import { seedOutbox } from '../webhooks/outbox.mjs';
import { startWorkers } from './workers.mjs';

const POLL_MS = 100;

/**
 * One throughput case: `subscriptions` new subscriptions (one new customer) pointing at a receiver
 * lane that answers after `delayMs`, a queued outbox of `messages` messages spread over them
 * (seeded through the server's own signing code, all due), then `workers` fresh `cofre worker`
 * processes. It measures for at most `seconds`, or until the outbox is drained.
 *
 * Deliveries/s = successful attempts logged inside the window / the window. The window starts when
 * every worker has announced itself and ends at the drain or the deadline; CPU is measured over
 * the same window, so CPU per delivery divides like by like. Afterwards the workers stop, what is
 * left of the outbox is removed (so the next case starts clean), and the run checks that every
 * message marked SUCCEEDED reached the receiver, that no attempt failed, and, when the outbox was
 * drained (always in smoke mode), that every message was delivered.
 */
export async function runThroughputCase(fixture, settings, receiver, spec) {
  const { workers, subscriptions: count, delayMs } = spec;
  const { db } = fixture.database;
  const lane = `t${workers}w${count}s${delayMs}ms`;
  const customer = await fixture.customer(`Scale ${lane}`);
  const subscriptions = [];
  for (let i = 0; i < count; i++) {
    subscriptions.push(
      await fixture.subscribe(customer, `${receiver.base}/lane/${lane}?delay=${delayMs}`),
    );
  }
  const ids = subscriptions.map((s) => s.id);
  const events = Math.ceil(settings.messages / count);
  const seeded = await seedOutbox(db, 'postgres', {
    customerId: customer.customerId,
    subscriptions,
    events,
    startMs: Date.now() - 60_000 - events,
  });

  const running = await startWorkers(fixture, settings, workers);
  const windowStart = Date.now();
  const stopMeter = cpuMeter({
    worker: running.pids,
    ...(fixture.postgres ? { postgres: fixture.postgres } : {}),
  });
  let drained = false;
  let cpu;
  let windowEnd;
  try {
    const deadline = windowStart + settings.seconds * 1_000;
    while (Date.now() < deadline) {
      if (!running.allRunning()) throw new Error(`${lane}: a worker exited during the run`);
      if ((await jobsLeft(db, ids)) === 0) {
        drained = true;
        break;
      }
      await sleep(POLL_MS);
    }
    windowEnd = Date.now();
    cpu = stopMeter();
  } finally {
    await running.stop();
  }
  await db.deleteFrom('jobs').where(caseJobs(ids)).execute();

  const logs = await attemptLogs(db, ids, windowStart, windowEnd);
  const succeeded = await succeededMessages(db, ids);
  const lanes = (await receiver.stats()).lanes[lane] ?? { distinct: 0, duplicates: 0 };
  const problems = [];
  if (logs.failedTotal > 0) problems.push(`${logs.failedTotal} failed attempts`);
  if (lanes.distinct < succeeded)
    problems.push(
      `${succeeded} messages SUCCEEDED but only ${lanes.distinct} reached the receiver`,
    );
  if (drained && succeeded !== seeded.messages)
    problems.push(`drained, but ${succeeded} of ${seeded.messages} messages SUCCEEDED`);
  if (settings.smoke && !drained)
    problems.push(`smoke run not drained within ${settings.seconds} s (BENCH_SECONDS)`);
  if (problems.length > 0) throw new Error(`${lane}: ${problems.join('; ')}`);

  const seconds = (windowEnd - windowStart) / 1_000;
  const workerCpuSeconds = ((cpu.perProcess.worker ?? 0) / 100) * cpu.seconds;
  const postgresCpuSeconds = ((cpu.perProcess.postgres ?? 0) / 100) * cpu.seconds;
  const result = {
    ...spec,
    messages: seeded.messages,
    drained,
    seconds,
    delivered: logs.inWindow,
    deliveriesPerSecond: logs.inWindow / seconds,
    deliveriesPerSecondPerSubscription: logs.inWindow / seconds / count,
    meanAttemptMs: logs.meanDurationMs,
    // Little's law: attempts in flight on average, across all workers and subscriptions.
    inFlight: (logs.inWindow / seconds) * (logs.meanDurationMs / 1_000),
    receiverDuplicates: lanes.duplicates,
    cores: {
      worker: workerCpuSeconds / seconds,
      postgres: fixture.postgres ? postgresCpuSeconds / seconds : undefined,
      machineShare: cpu.machinePercent / 100,
    },
    cpuMsPerDelivery: ((workerCpuSeconds + postgresCpuSeconds) * 1_000) / (logs.inWindow || 1),
    loadAverage: loadavg()[0],
  };
  console.log(
    `    ${lane}: ${Math.round(result.deliveriesPerSecond)} deliveries/s (${result.delivered} in ${seconds.toFixed(1)} s${drained ? ', drained' : ''}), ${(result.cores.worker + (result.cores.postgres ?? 0)).toFixed(2)} cores`,
  );
  return result;
}

/**
 * The jobs of one case: its subscriptions' attempt jobs and, where the worker expands events
 * into messages (issue 17 point 4), the events' fan-out jobs, whose attempt jobs exist only once
 * they have run. Cases run one at a time, so every fan-out job is this case's.
 */
const caseJobs = (queues) => (eb) =>
  eb.or([eb('queue', 'in', queues), eb('kind', '=', 'webhook.fanout')]);

async function jobsLeft(db, queues) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(caseJobs(queues))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function succeededMessages(db, subscriptionIds) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('subscription_id', 'in', subscriptionIds)
    .where('status', '=', 'SUCCEEDED')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Successful attempts finished inside the window, and every failed attempt of these subscriptions.
async function attemptLogs(db, subscriptionIds, from, to) {
  const row = await db
    .selectFrom('execution_logs')
    .select((eb) => [
      eb.fn
        .sum(
          eb
            .case()
            .when(
              eb.and([
                eb('status', '=', 'SUCCESS'),
                eb('created_at', '>=', from),
                eb('created_at', '<=', to),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('inWindow'),
      eb.fn.sum(eb.case().when('status', '=', 'FAILED').then(1).else(0).end()).as('failedTotal'),
      eb.fn.avg('duration_ms').as('meanDurationMs'),
    ])
    .where('subscription_id', 'in', subscriptionIds)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)]));
}
