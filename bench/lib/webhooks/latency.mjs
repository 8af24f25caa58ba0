import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { issueToken } from '../cofre-api.mjs';
import { spawnServer } from '../servers.mjs';
import { cpuMeter } from './cpu.mjs';
import {
  cofreEnv,
  committedTransactions,
  newCustomer,
  openDatabase,
  postgresProcesses,
} from './databases.mjs';
import { expectStatus, requestJson } from './http.mjs';
import { summarize } from './numbers.mjs';

/**
 * Event commit → first delivery attempt, at a steady moderate rate. cofre runs either as one
 * process (`serve`: the commit wakes the in-process worker) or as an API process plus a worker
 * process (`split`: PostgreSQL wakes the worker by LISTEN/NOTIFY, SQLite has only the poll).
 * The load generator opens accounts at a fixed rate (open loop: requests are sent on schedule,
 * whether or not earlier ones have been answered); each ACCOUNT_CREATED goes to one subscription,
 * and the receiver records arrival time minus the event's atTime.
 */
export async function measureLatency(engineCtx, settings, receiver, topology, rate) {
  const database = await openDatabase(await engineCtx.newDatabase(`latency_${topology}_${rate}`));
  const credentials = await newCustomer(database.db, 'Latency customer');
  const postgres = await postgresProcesses(database);
  // The server processes own the database from here on; on PostgreSQL this process only reads
  // the transaction counter.
  if (database.engine === 'sqlite') await database.close();

  const children = [];
  try {
    let api;
    let worker;
    if (topology === 'serve') {
      api = spawnServer('cofre-role.mjs', cofreEnv(database.url, 'all'), { name: 'cofre serve' });
      children.push(api);
    } else {
      api = spawnServer('cofre-role.mjs', cofreEnv(database.url, 'api'), { name: 'cofre api' });
      children.push(api);
      await api.url; // migrations run once, in the API, before the worker opens the database
      worker = spawnServer('cofre-role.mjs', cofreEnv(database.url, 'worker'), {
        name: 'cofre worker',
        ready: /^worker /,
      });
      children.push(worker);
      await worker.url;
    }
    const base = await api.url;
    const auth = { authorization: `Bearer ${await issueToken(base, credentials)}` };
    // Through the API, so the URL policy (loopback allowed by COFRE_ALLOW_LOCAL_WEBHOOKS) is real.
    await expectStatus(
      `${base}/v1/subscriptions`,
      { method: 'POST', headers: auth, body: { url: receiver.url, includeAll: true } },
      201,
    );

    const { warmupSeconds, seconds } = settings.latency;
    await receiver.reset(); // forget the previous measurement's deliveries
    if (warmupSeconds > 0) {
      const warm = await openAccounts(base, auth, rate, warmupSeconds);
      await waitForDeliveries(receiver, warm.created, settings);
    }
    await receiver.reset();
    const xactsBefore = postgres ? await committedTransactions(database.db) : undefined;
    // What each process used while the measured load ran: a saturated one explains a backlog.
    const stopMeter = cpuMeter({
      [topology === 'serve' ? 'serve' : 'api']: api.child.pid,
      ...(worker ? { worker: worker.child.pid } : {}),
      ...(postgres ? { postgres } : {}),
    });
    const load = await openAccounts(base, auth, rate, seconds);
    const cpu = stopMeter();
    const stats = await waitForDeliveries(receiver, load.created, settings);
    const xacts = postgres ? (await committedTransactions(database.db)) - xactsBefore : undefined;
    // Not fatal: a worker that falls behind is a result. Percentiles then cover only what arrived.
    const undelivered = load.created - stats.distinct;
    const latency = summarize(stats.latencies);
    // The same arrivals measured from the moment the load generator had the 201 (same clock):
    // atTime is taken before the API's transaction, so this leaves the transaction out. Negative
    // when the delivery arrived before the response did.
    const afterResponse = summarize(
      load.responses
        .filter(({ id }) => stats.arrivals[id] !== undefined)
        .map(({ id, at }) => stats.arrivals[id] - at),
    );
    const result = {
      topology,
      processes: topology === 'serve' ? 'cofre serve' : 'cofre api + cofre worker',
      wakeUp:
        topology === 'serve'
          ? 'in-process signal on commit'
          : engineCtx.engine === 'postgres'
            ? 'LISTEN/NOTIFY'
            : `poll every ${process.env.COFRE_WORKER_POLL_MS ?? 1000} ms`,
      targetRate: rate,
      seconds,
      achievedRate: load.created / load.seconds,
      events: load.created,
      delivered: stats.distinct,
      undelivered,
      duplicates: stats.duplicates,
      latency,
      afterResponse,
      post: summarize(load.latencies),
      cpu,
      transactionsPerEvent: xacts === undefined ? undefined : xacts / load.created,
      loadAverage: loadavg()[0],
    };
    console.log(
      `    ${result.processes} at ${rate}/s: p50 ${latency.p50Ms.toFixed(1)} ms, p99 ${latency.p99Ms.toFixed(1)} ms over ${latency.count} events${undelivered > 0 ? `, ${undelivered} NOT delivered within ${settings.latency.drainSeconds} s` : ''}`,
    );
    return result;
  } finally {
    for (const child of children.reverse()) await child.stop();
    await database.close();
  }
}

/**
 * POST /v1/accounts at `rate` per second for `seconds`, on schedule; all must be 201. Also used
 * by bench:scale (the noisy neighbour's customer B).
 */
export async function openAccounts(base, headers, rate, seconds) {
  const total = Math.round(rate * seconds);
  const interval = 1_000 / rate;
  const latencies = [];
  const responses = []; // {id, at}: the account opened and when its 201 arrived (wall clock)
  const failures = [];
  const inFlight = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - performance.now();
    if (wait >= 1) await sleep(wait); // timers have ~1 ms resolution; a late one catches up
    inFlight.push(
      requestJson(`${base}/v1/accounts`, {
        method: 'POST',
        headers,
        body: { type: 'CHECKING' },
      }).then(
        (response) => {
          if (response.status === 201) {
            latencies.push(response.ms);
            responses.push({
              id: response.body.id,
              at: performance.timeOrigin + performance.now(),
              assets: response.body.assets?.length ?? 0,
            });
          } else failures.push(`${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        },
        (error) => failures.push(error.message),
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1_000;
  if (failures.length > 0) {
    throw new Error(
      `POST /v1/accounts: ${failures.length} of ${total} failed, e.g. ${failures[0]}`,
    );
  }
  return { created: latencies.length, seconds: elapsed, latencies, responses };
}

/** Waits until every event reached the receiver, for at most drainSeconds (a backlog drains). */
async function waitForDeliveries(receiver, expected, settings) {
  const deadline = performance.now() + settings.latency.drainSeconds * 1_000;
  for (;;) {
    const stats = await receiver.stats();
    if (stats.distinct >= expected || performance.now() > deadline) return stats;
    await sleep(50);
  }
}
