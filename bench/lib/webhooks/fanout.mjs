import { performance } from 'node:perf_hooks';
import { JobSignal, newId, systemClock } from '@cofre/server';
import { issueToken } from '../cofre-api.mjs';
import { spawnServer } from '../servers.mjs';
import { cofreEnv, insertSubscriptions, newCustomer, openDatabase } from './databases.mjs';
import {
  dialectFor,
  expandEvent,
  findFanOutEvent,
  JobQueue,
  recordEvent,
  transact,
} from './internals.mjs';
import { expectStatus } from './http.mjs';
import { summarize } from './numbers.mjs';

/**
 * What fan-out adds to the write path: one customer with no subscription and one with
 * `fanout.subscriptions` matching ones, measured alternately so drift hits both alike.
 * - direct: recordEvent() inside a transaction, called from this process (through the server's
 *   internal seam); its own time, and the whole transaction with the commit; then the worker's
 *   half, the event's expansion (expandEvent: messages and attempt jobs) in a transaction of its
 *   own, as the `webhook.fanout` job runs it;
 * - http: sequential POST /v1/accounts against `cofre api` (no worker, so no delivery competes).
 * The difference between the two customers is the cost of fanning out to that many subscriptions.
 */
export async function measureFanout(engineCtx, settings, receiver) {
  const database = await openDatabase(await engineCtx.newDatabase('fanout'));
  const { db, engine } = database;
  const none = await newCustomer(db, 'Fan-out customer without subscriptions');
  const many = await newCustomer(db, 'Fan-out customer with subscriptions');
  // The receiver never hears from them: nothing runs a worker on this database.
  await insertSubscriptions(db, many, receiver.url, settings.fanout.subscriptions);

  const direct = await measureDirect(db, engine, [none, many], settings.fanout);
  await database.close();
  const http = await measureHttp(database.url, [none, many], settings.fanout);
  const cost = (pair) => pair.many.p50Ms - pair.none.p50Ms;
  const result = {
    subscriptions: settings.fanout.subscriptions,
    direct,
    http,
    costMs: {
      recordEvent: cost(direct.recordEvent),
      transaction: cost(direct.transaction),
      expansion: cost(direct.expansion),
      post: cost(http),
    },
  };
  console.log(
    `    fan-out to ${result.subscriptions}: recordEvent +${result.costMs.recordEvent.toFixed(2)} ms, transaction +${result.costMs.transaction.toFixed(2)} ms, worker's expansion +${result.costMs.expansion.toFixed(2)} ms, POST /v1/accounts +${result.costMs.post.toFixed(2)} ms (p50)`,
  );
  return result;
}

async function measureDirect(db, engine, customers, { warmup, iterations }) {
  const queue = new JobQueue(db, dialectFor(engine), systemClock, new JobSignal());
  const timings = customers.map(() => ({ recordEvent: [], transaction: [], expansion: [] }));
  for (let i = 0; i < (warmup + iterations) * customers.length; i++) {
    const which = i % customers.length;
    const at = Date.now();
    const accountId = newId('account', at);
    const atTime = new Date(at).toISOString();
    let inside = 0;
    let eventId;
    const started = performance.now();
    await transact(db, async (tx) => {
      const before = performance.now();
      ({ eventId } = await recordEvent(tx, queue, {
        customerId: customers[which].customerId,
        type: 'ACCOUNT_CREATED',
        resource: 'ACCOUNT',
        resourceId: accountId,
        data: {
          id: accountId,
          type: 'CHECKING',
          status: 'OPENING',
          assets: [{ asset: 'BRL', status: 'ONBOARDING' }],
          createdAt: atTime,
          updatedAt: atTime,
        },
        at,
      }));
      inside = performance.now() - before;
    });
    const total = performance.now() - started;
    // The worker's half: read the event, expand it, commit (no worker runs on this database, so
    // the fan-out job stays; only the timing matters here).
    const expandStarted = performance.now();
    await transact(db, async (tx) => {
      const event = await findFanOutEvent(tx.trx, eventId);
      await expandEvent(tx, queue, event);
    });
    const expansion = performance.now() - expandStarted;
    if (i >= warmup * customers.length) {
      timings[which].recordEvent.push(inside);
      timings[which].transaction.push(total);
      timings[which].expansion.push(expansion);
    }
  }
  const [none, many] = timings;
  return {
    iterations,
    recordEvent: { none: summarize(none.recordEvent), many: summarize(many.recordEvent) },
    transaction: { none: summarize(none.transaction), many: summarize(many.transaction) },
    expansion: { none: summarize(none.expansion), many: summarize(many.expansion) },
  };
}

async function measureHttp(databaseUrl, customers, { warmup, iterations }) {
  const api = spawnServer('cofre-role.mjs', cofreEnv(databaseUrl, 'api'), { name: 'cofre api' });
  try {
    const base = await api.url;
    const headers = [];
    for (const credentials of customers) {
      headers.push({ authorization: `Bearer ${await issueToken(base, credentials)}` });
    }
    const latencies = customers.map(() => []);
    for (let i = 0; i < (warmup + iterations) * customers.length; i++) {
      const which = i % customers.length;
      const response = await expectStatus(
        `${base}/v1/accounts`,
        { method: 'POST', headers: headers[which], body: { type: 'CHECKING' } },
        201,
      );
      if (i >= warmup * customers.length) latencies[which].push(response.ms);
    }
    return { iterations, none: summarize(latencies[0]), many: summarize(latencies[1]) };
  } finally {
    await api.stop();
  }
}
