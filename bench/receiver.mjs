// The webhook receiver of the benchmarks: a bare node:http server that answers 200 at once, in a
// child process of its own so it does not share the load generator's (or cofre's) event loop.
// It keeps what the parent reads through GET /stats: how many deliveries arrived, how many were
// duplicates (same X-Message-Id), on how many connections, and for each first arrival the
// latency from the event's atTime to the moment the request reached this process.
//
// bench:scale points subscriptions at `/lane/<name>?delay=<ms>` (answer after that many
// milliseconds) or `?delay=never` (read the request, never answer): each lane also keeps the
// same figures of its own under `lanes`, so one receiver can play a slow customer and a fast one.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

// Wall-clock milliseconds with sub-millisecond resolution. atTime has whole milliseconds, so a
// latency read against it is at most 1 ms too long, never too short.
const wallNow = () => performance.timeOrigin + performance.now();
const AT_TIME = /"atTime":"([^"]+)"/;
const RESOURCE_ID = /"data":\{"id":"([^"]+)"/;
const LANE = /^\/lane\/([A-Za-z0-9_-]+)/;
const DELAY = /[?&]delay=(never|\d+)/;

function newTally() {
  return { count: 0, seen: new Set(), duplicates: 0, latencies: [], first: 0, last: 0 };
}

let state;
function reset() {
  state = { ...newTally(), arrivals: {}, lanes: new Map() };
}
reset();
const sockets = new Set();

/** Counts one arrival; returns whether it was the first of its X-Message-Id. */
function tally(t, id, arrived) {
  t.count += 1;
  if (t.first === 0) t.first = arrived;
  t.last = arrived;
  if (t.seen.has(id)) {
    t.duplicates += 1; // a retry or a second claim: not a first attempt
    return false;
  }
  t.seen.add(id);
  return true;
}

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const arrived = wallNow();
    const lane = LANE.exec(req.url ?? '')?.[1];
    const delay = DELAY.exec(req.url ?? '')?.[1];
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (delay === undefined || delay === '0') res.writeHead(200, { 'content-length': '0' }).end();
      else if (delay !== 'never') {
        setTimeout(() => res.writeHead(200, { 'content-length': '0' }).end(), Number(delay));
      }
      sockets.add(req.socket);
      const id = req.headers['x-message-id'];
      const first = tally(state, id, arrived);
      let laneTally;
      if (lane) {
        laneTally = state.lanes.get(lane) ?? newTally();
        state.lanes.set(lane, laneTally);
        tally(laneTally, id, arrived);
      }
      if (!first) return;
      // A regex, not JSON.parse: this process shares the CPUs with the worker under test.
      const body = Buffer.concat(chunks).toString('latin1');
      const atTime = AT_TIME.exec(body)?.[1];
      if (atTime) {
        const latency = arrived - Date.parse(atTime);
        state.latencies.push(latency);
        laneTally?.latencies.push(latency);
      }
      const resourceId = RESOURCE_ID.exec(body)?.[1];
      if (resourceId) state.arrivals[resourceId] = arrived;
    });
    return;
  }
  if (req.url === '/stats') {
    const { count, seen, duplicates, latencies, arrivals, first, last } = state;
    const lanes = Object.fromEntries(
      [...state.lanes].map(([name, t]) => [
        name,
        {
          count: t.count,
          distinct: t.seen.size,
          duplicates: t.duplicates,
          firstArrival: t.first,
          lastArrival: t.last,
          latencies: t.latencies,
        },
      ]),
    );
    const body = JSON.stringify({
      count,
      distinct: seen.size,
      duplicates,
      connections: sockets.size,
      firstArrival: first,
      lastArrival: last,
      latencies,
      arrivals,
      lanes,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  if (req.url === '/reset') {
    reset();
    sockets.clear();
    res.writeHead(204).end();
    return;
  }
  res.writeHead(404).end();
});
// Plenty of simultaneous keep-alive connections; nothing idles out during a run.
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}`); // the parent waits for this line
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
