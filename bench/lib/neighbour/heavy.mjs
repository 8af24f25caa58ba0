import { randomBytes, randomInt } from 'node:crypto';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { summarize } from '../webhooks/numbers.mjs';
import { keepAlive, send, Tally } from './http.mjs';
import { maximalMetadata, metadataQuery, seededMetadata } from './limits.mjs';

/** Customer A's heavy request kinds (BENCH_HEAVY picks among them). */
export const HEAVY_KINDS = ['filters', 'deep', 'streams', 'bodies'];

/**
 * Customer A at its documented maxima, each kind bounded in concurrency (and in time: it runs
 * until `stop()`; every request has a timeout):
 * - `filters`: `concurrency` loops of list requests with the most `metadata[k]=v` pairs the
 *   OpenAPI document allows and the largest page, on accounts and operations in turn; every pair
 *   matches a third of A's rows, together about one row (limits.mjs `seededMetadata`); a page
 *   that comes back with a cursor onward is followed to the end, as a client looking for its
 *   rows would;
 * - `deep`: `concurrency` loops walking A's whole account (or operation) list, largest pages,
 *   cursor after cursor, from the first page to the last and again;
 * - `streams`: as many `GET /v1/listen/{id}/stream` as the server accepts up to `streams`, spread
 *   over A's listen subscriptions, opened `streamBatch` at a time and held open; refusals (429)
 *   are counted;
 * - `bodies`: `concurrency` loops of maximal bodies: POST /v1/accounts, POST
 *   /v1/operations/deposit and PATCH /v1/accounts/{id}, every string and the metadata at its
 *   maxLength / maxProperties.
 * A well-behaved client: after a 429 a loop waits its Retry-After (within the run).
 */
export function startHeavy(input) {
  const { base, token, kinds } = input;
  const headers = { authorization: `Bearer ${token}` };
  const agent = keepAlive(input.concurrency * 4);
  const state = { running: true, wake: new Set() };
  const stats = Object.fromEntries(
    kinds.map((kind) => [kind, { tally: new Tally(), latencies: [], marks: [] }]),
  );
  const record = (kind, result) => {
    stats[kind].tally.add(result);
    if (result.status >= 200 && result.status < 300) stats[kind].latencies.push(result.ms);
  };
  const call = (path, options = {}) =>
    send(`${base}${path}`, { headers, agent, timeoutMs: input.timeoutMs, ...options });
  // A pause that stop() cuts short.
  const pause = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        state.wake.delete(done);
        resolve();
      }
      state.wake.add(done);
    });
  const backOff = (result) => (result.status === 429 ? pause((result.retryAfter ?? 1) * 1_000) : 0);

  const loops = [];
  // Each loop's first answer: A counts as running once every loop has had one.
  const answered = [];
  for (const kind of kinds) {
    if (kind === 'streams') continue;
    for (let n = 0; n < input.concurrency; n++) {
      let first;
      answered.push(new Promise((resolve) => (first = resolve)));
      const recordFirst = (k, result) => {
        first();
        record(k, result);
      };
      loops.push(LOOPS[kind]({ input, call, record: recordFirst, backOff, state }, n));
    }
  }
  const streams = kinds.includes('streams')
    ? openStreams(input, state, stats.streams, pause)
    : undefined;

  return {
    /**
     * Resolves once A runs: every loop has had an answer and the streams are opened (or
     * `streamOpenSeconds` passed), and then `warmupSeconds` more have passed, so B's window
     * measures A at work rather than A's arrival (its connections opening, the server
     * compiling the code of A's requests, its first requests taking a customer's full allowance
     * before it counts as dominant).
     */
    ready: Promise.all([...answered, streams?.opened]).then(() =>
      pause((input.warmupSeconds ?? 0) * 1_000),
    ),
    /** Remembers the counts now: the report gives them between the first and the last mark. */
    mark() {
      for (const kind of kinds) stats[kind].marks.push(stats[kind].tally.snapshot());
    },
    async stop() {
      state.running = false;
      for (const wake of state.wake) wake();
      streams?.close();
      await Promise.all(loops);
      await streams?.closed;
      agent.destroy();
      return Object.fromEntries(
        kinds.map((kind) => {
          const { tally, latencies, marks } = stats[kind];
          const window = marks.length >= 2 ? subtract(marks.at(-1), marks[0]) : {};
          return [
            kind,
            {
              statuses: tally.snapshot(),
              windowStatuses: window,
              latency: summarize(latencies),
              ...(kind === 'streams' ? { streams: streams.summary() } : {}),
            },
          ];
        }),
      );
    },
  };
}

function subtract(later, earlier) {
  const out = {};
  for (const [key, n] of Object.entries(later)) {
    if (n - (earlier[key] ?? 0) > 0) out[key] = n - (earlier[key] ?? 0);
  }
  return out;
}

const LOOPS = {
  async filters({ input, call, record, backOff, state }, n) {
    const { limits, accounts, operations } = input;
    let i = n;
    let path;
    let cursor;
    while (state.running) {
      // A new filter once the last one's pages are done: accounts and operations in turn
      // (operations only when A has some), each for a random row of A's.
      if (!cursor) {
        const list = operations > 0 && i++ % 2 === 1 ? 'operations' : 'accounts';
        const rows = list === 'accounts' ? accounts : operations;
        const filter = seededMetadata(randomInt(rows), limits.filterPairs, limits.keyChars);
        path = `/v1/${list}?limit=${limits.pageLimit}&${metadataQuery(filter)}`;
      }
      const result = await call(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path, {
        parse: true,
      });
      record('filters', result);
      // A page may be short with a cursor onward (a bounded read): followed to the end.
      cursor = result.status === 200 ? (result.body?.meta?.nextCursor ?? undefined) : undefined;
      await backOff(result);
    }
  },

  async deep({ input, call, record, backOff, state }, n) {
    const list = input.operations > 0 && n % 2 === 1 ? 'operations' : 'accounts';
    let cursor;
    while (state.running) {
      const query = `limit=${input.limits.pageLimit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const result = await call(`/v1/${list}?${query}`, { parse: true });
      record('deep', result);
      // The next page, or the first again after the last (or after a failure).
      cursor = result.status === 200 ? (result.body?.meta?.nextCursor ?? undefined) : undefined;
      await backOff(result);
    }
  },

  async bodies({ input, call, record, backOff, state }, n) {
    const { limits, depositAccountId } = input;
    let accountId = depositAccountId;
    for (let i = 0; state.running; i++) {
      const salt = `${n}-${i}-${randomBytes(4).toString('hex')}`;
      const metadata = maximalMetadata(limits, salt);
      let result;
      if (i % 3 === 0) {
        result = await call('/v1/accounts', {
          method: 'POST',
          body: {
            type: 'CHECKING',
            name: `${salt}-${'n'.repeat(limits.accountName)}`.slice(0, limits.accountName),
            assets: ['BRL'],
            metadata,
          },
          parse: true,
        });
        if (result.status === 201 && result.body?.id) accountId = result.body.id;
      } else if (i % 3 === 1) {
        result = await call('/v1/operations/deposit', {
          method: 'POST',
          body: {
            accountId: depositAccountId,
            asset: 'BRL',
            amount: '1.00',
            metadata,
            ...(limits.externalReference
              ? {
                  externalReference: `${salt}-${'r'.repeat(limits.externalReference)}`.slice(
                    0,
                    limits.externalReference,
                  ),
                }
              : {}),
          },
        });
      } else {
        result = await call(`/v1/accounts/${accountId}`, { method: 'PATCH', body: { metadata } });
      }
      record('bodies', result);
      await backOff(result);
    }
  },
};

/**
 * Opens up to `input.streams` listen streams over A's listen subscriptions, `streamBatch` at a
 * time, each on a connection of its own, and holds the ones the server accepts (200, then its
 * `ready` event) until close(). Each answer is counted by status. `ready`: streams that got that
 * far; `endedByServer`: of those, the ones the server ended while A held them (a newer stream of
 * the same subscription replaces the older); `open`: held when A was stopped.
 */
function openStreams(input, state, stats, pause) {
  const { base, token, listenSubscriptions, streams: wanted, streamBatch } = input;
  const live = new Set();
  let ready = 0;
  let endedByServer = 0;
  let open = 0;
  let openAtStop;
  let attempted = 0;
  const connect = (subscriptionId) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = request(`${base}/v1/listen/${subscriptionId}/stream`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      });
      live.add(req);
      let answered = false;
      // Until its answer, connecting included (see http.mjs); none once it is held.
      const timer = setTimeout(
        () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
        input.timeoutMs,
      );
      const settle = (result) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        stats.tally.add(result);
        if (result.status === 200) stats.latencies.push(performance.now() - started);
        resolve();
      };
      req.on('error', (error) => {
        live.delete(req);
        settle({ status: 0, error: error.code ?? error.message });
      });
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', () => live.delete(req));
          settle({ status: res.statusCode });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          if (answered) return;
          text += chunk;
          if (text.includes('event: ready')) {
            ready++;
            open++;
            settle({ status: 200 });
          }
        });
        res.on('close', () => {
          live.delete(req);
          if (answered && text.includes('event: ready')) {
            open--;
            if (state.running) endedByServer++;
          }
          settle({ status: 0, error: 'ENDED_BEFORE_READY' });
        });
      });
      req.end();
    });

  const deadline = Date.now() + input.streamOpenSeconds * 1_000;
  const opened = (async () => {
    while (state.running && attempted < wanted && Date.now() < deadline) {
      const batch = [];
      for (let i = 0; i < streamBatch && attempted < wanted; i++) {
        batch.push(connect(listenSubscriptions[attempted++ % listenSubscriptions.length]));
      }
      // Whichever comes first: the batch answered, the deadline, stop().
      await Promise.race([Promise.all(batch), pause(Math.max(0, deadline - Date.now()))]);
    }
  })();

  return {
    opened,
    close() {
      openAtStop = open;
      for (const req of live) req.destroy();
    },
    closed: opened,
    summary: () => ({ wanted, attempted, ready, endedByServer, open: openAtStop ?? open }),
  };
}
