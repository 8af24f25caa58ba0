import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnServer } from '../servers.mjs';
import { cpuMeter } from './cpu.mjs';
import {
  cofreEnv,
  committedTransactions,
  insertSubscriptions,
  newCustomer,
  openDatabase,
  postgresProcesses,
} from './databases.mjs';
import { seedOutbox } from './outbox.mjs';
import { summarizeProfile } from './profile.mjs';

const POLL_MS = 20;

/**
 * Deliveries per second of one worker process draining a pre-filled outbox: `messages` messages
 * over `subscriptions` subscriptions, all pointing at the receiver, which answers 200 at once.
 * One run per number of worker processes and worker concurrency; each run fills the outbox again
 * and starts fresh workers. With a CPU-profile directory, one more run (not counted) profiles a
 * worker at the best setting.
 */
export async function measureThroughput(engineCtx, settings, receiver) {
  const database = await openDatabase(await engineCtx.newDatabase('throughput'));
  try {
    const credentials = await newCustomer(database.db, 'Throughput customer');
    const subscriptions = await insertSubscriptions(
      database.db,
      credentials,
      receiver.url,
      settings.subscriptions,
    );
    const postgres = await postgresProcesses(database);
    const run = (workers, concurrency, execArgv, target = { credentials, subscriptions }) =>
      drainOnce({
        database,
        workers,
        ...target,
        messages: target.messages ?? settings.messages,
        receiver,
        settings,
        concurrency,
        execArgv,
        postgres,
      });
    const runs = [];
    for (const workers of settings.workers) {
      for (const concurrency of settings.concurrency) {
        console.log(`  throughput: ${workers} worker process(es), concurrency ${concurrency}`);
        runs.push(await run(workers, concurrency, []));
      }
    }
    let profile;
    if (settings.cpuProfileDir) {
      const best = runs.reduce((a, b) => (b.deliveriesPerSecond > a.deliveriesPerSecond ? b : a));
      const name = `webhooks-worker-${engineCtx.engine}.cpuprofile`;
      console.log(
        `  throughput: CPU profile of a worker (${best.workers} process(es), concurrency ${best.concurrency})`,
      );
      const profiled = await run(best.workers, best.concurrency, [
        '--cpu-prof',
        `--cpu-prof-dir=${settings.cpuProfileDir}`,
        `--cpu-prof-name=${name}`,
      ]);
      const file = join(settings.cpuProfileDir, name);
      profile = {
        file,
        deliveriesPerSecond: profiled.deliveriesPerSecond,
        ...summarizeProfile(file),
      };
    }
    // One subscription's deliveries run one after another (in order), so its own ceiling is one
    // attempt's whole round (context read, HTTP, settle) — what a busy single receiver gets.
    const lone = await newCustomer(database.db, 'Single-subscription customer');
    const single = {
      credentials: lone,
      subscriptions: await insertSubscriptions(database.db, lone, receiver.url, 1),
      messages: settings.singleMessages,
    };
    console.log(`  throughput: one subscription, ${settings.singleMessages} messages in order`);
    const singleRun = await run(1, settings.concurrency[0], [], single);
    return { subscriptions: subscriptions.length, runs, single: singleRun, profile };
  } finally {
    await database.close();
  }
}

async function drainOnce({
  database,
  credentials,
  subscriptions,
  messages,
  receiver,
  settings,
  concurrency,
  workers,
  execArgv,
  postgres,
}) {
  const { db, engine } = database;
  const events = Math.ceil(messages / subscriptions.length);
  // All due, in the recent past, so nothing waits for its run_at.
  const seeded = await seedOutbox(db, engine, {
    customerId: credentials.customerId,
    subscriptions,
    events,
    startMs: Date.now() - 60_000 - events,
  });
  const before = await messageCounts(db);
  const xactsBefore = postgres ? await committedTransactions(db) : undefined;
  await receiver.reset();

  const spawnedAt = Date.now();
  const started = performance.now();
  const env = cofreEnv(database.url, 'worker', { COFRE_WORKER_CONCURRENCY: String(concurrency) });
  const children = Array.from({ length: workers }, (_, i) =>
    spawnServer('cofre-role.mjs', env, {
      name: `cofre worker ${i + 1}`,
      ready: /^worker /,
      // Only the first worker is profiled: the others do the same work.
      execArgv: i === 0 ? execArgv : [],
    }),
  );
  let cpu;
  let drainedMs;
  try {
    await Promise.all(children.map((child) => child.url));
    // A worker starts claiming inside startServer(), a moment before its ready line; the CPU
    // window starts here, the rate below comes from the attempts' own timestamps.
    const stopMeter = cpuMeter({
      worker: () => children.map((child) => child.child.pid),
      receiver: receiver.pid,
      ...(postgres ? { postgres } : {}),
    });
    const deadline = started + settings.drainTimeoutSeconds * 1_000;
    for (;;) {
      const left = await attemptJobsLeft(db);
      if (left === 0) break;
      if (!children.every((child) => child.running())) {
        throw new Error('a worker exited before the outbox was drained');
      }
      if (performance.now() > deadline) {
        throw new Error(
          `outbox not drained within ${settings.drainTimeoutSeconds} s: ${left} of ${seeded.messages} jobs left (BENCH_DRAIN_TIMEOUT)`,
        );
      }
      await sleep(POLL_MS);
    }
    drainedMs = performance.now() - started;
    cpu = stopMeter();
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }

  // Counted before the checks below add their own few transactions.
  const xacts = postgres ? (await committedTransactions(db)) - xactsBefore : undefined;
  const logs = await attemptLogs(db, spawnedAt);
  const after = await messageCounts(db);
  const received = await receiver.stats();
  const succeeded = (after.SUCCEEDED ?? 0) - (before.SUCCEEDED ?? 0);
  const activeSeconds = (logs.lastAt - logs.firstStartAt) / 1_000;
  const result = {
    workers,
    concurrency,
    events: seeded.events,
    messages: seeded.messages,
    succeeded,
    executionLogs: logs.count,
    successfulLogs: logs.successes,
    receiverCount: received.count,
    receiverDuplicates: received.duplicates,
    receiverConnections: received.connections,
    // First attempt's start to the last attempt's log row, from the worker's own timestamps.
    activeSeconds,
    deliveriesPerSecond: logs.count / activeSeconds,
    // Spawn to drained, as the poller saw it: includes process start (~0.3-0.5 s).
    wallSeconds: drainedMs / 1_000,
    wallDeliveriesPerSecond: logs.count / (drainedMs / 1_000),
    attemptDurationMs: { mean: logs.meanDurationMs, max: logs.maxDurationMs },
    cpu,
    // CPU milliseconds per delivery: the worker processes' (fan-out expansion included) and
    // PostgreSQL's (all its processes), over the drain.
    cpuMsPerDelivery: {
      worker: perDelivery(cpu.cpuSeconds.worker, logs.count),
      ...(postgres ? { postgres: perDelivery(cpu.cpuSeconds.postgres, logs.count) } : {}),
    },
    // Includes this process's polling (about 50 a second) and the workers' start and stop.
    transactionsPerDelivery: xacts === undefined ? undefined : xacts / logs.count,
    loadAverage: loadavg()[0],
  };
  const problems = [];
  if (succeeded !== seeded.messages)
    problems.push(`${succeeded} SUCCEEDED, expected ${seeded.messages}`);
  if (logs.count !== seeded.messages)
    problems.push(`${logs.count} execution logs, expected ${seeded.messages}`);
  if (logs.successes !== logs.count)
    problems.push(`${logs.count - logs.successes} failed attempts`);
  if (problems.length > 0) {
    throw new Error(`throughput run (${workers} x ${concurrency}): ${problems.join('; ')}`);
  }
  console.log(
    `    ${Math.round(result.deliveriesPerSecond).toLocaleString('en-US')} deliveries/s, ${logs.count} attempts logged, worker CPU ${cpu.perProcess.worker?.toFixed(0)} % (${result.cpuMsPerDelivery.worker?.toFixed(3)} ms/delivery)${postgres ? `, PostgreSQL CPU ${cpu.perProcess.postgres?.toFixed(0)} % (${result.cpuMsPerDelivery.postgres?.toFixed(3)} ms/delivery)` : ''}`,
  );
  return result;
}

const perDelivery = (cpuSeconds, deliveries) =>
  cpuSeconds == null || deliveries === 0 ? null : (cpuSeconds * 1_000) / deliveries;

// Completed jobs are deleted, so the count of fan-out and attempt jobs left is how much work
// remains (an event's attempt jobs exist only once its fan-out job has run).
async function attemptJobsLeft(db) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', 'in', ['webhook.fanout', 'webhook.attempt'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function messageCounts(db) {
  const rows = await db
    .selectFrom('messages')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

// This run's attempts: every log row written since its worker was spawned.
async function attemptLogs(db, since) {
  const row = await db
    .selectFrom('execution_logs')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.sum(eb.case().when('status', '=', 'SUCCESS').then(1).else(0).end()).as('successes'),
      eb.fn.min(eb('created_at', '-', eb.ref('duration_ms'))).as('firstStartAt'),
      eb.fn.max('created_at').as('lastAt'),
      eb.fn.avg('duration_ms').as('meanDurationMs'),
      eb.fn.max('duration_ms').as('maxDurationMs'),
    ])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
