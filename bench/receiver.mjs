// The webhook receiver of bench/webhooks.mjs: a bare node:http server that answers 200 at once,
// in a child process of its own so it does not share the load generator's (or cofre's) event
// loop. It keeps what the parent reads through GET /stats: how many deliveries arrived, how many
// were duplicates (same X-Message-Id), on how many connections, and for each first arrival the
// latency from the event's atTime to the moment the request reached this process.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

// Wall-clock milliseconds with sub-millisecond resolution. atTime has whole milliseconds, so a
// latency read against it is at most 1 ms too long, never too short.
const wallNow = () => performance.timeOrigin + performance.now();
const AT_TIME = /"atTime":"([^"]+)"/;
const RESOURCE_ID = /"data":\{"id":"([^"]+)"/;

let state;
function reset() {
  state = {
    count: 0,
    seen: new Set(),
    duplicates: 0,
    latencies: [],
    arrivals: {}, // resource id -> arrival, so the parent can pair it with its API response
    first: 0,
    last: 0,
  };
}
reset();
const sockets = new Set();

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const arrived = wallNow();
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-length': '0' }).end();
      sockets.add(req.socket);
      state.count += 1;
      if (state.first === 0) state.first = arrived;
      state.last = arrived;
      const id = req.headers['x-message-id'];
      if (state.seen.has(id)) {
        state.duplicates += 1; // a retry or a second claim: not a first attempt
        return;
      }
      state.seen.add(id);
      // A regex, not JSON.parse: this process shares the CPUs with the worker under test.
      const body = Buffer.concat(chunks).toString('latin1');
      const atTime = AT_TIME.exec(body)?.[1];
      if (atTime) state.latencies.push(arrived - Date.parse(atTime));
      const resourceId = RESOURCE_ID.exec(body)?.[1];
      if (resourceId) state.arrivals[resourceId] = arrived;
    });
    return;
  }
  if (req.url === '/stats') {
    const { count, seen, duplicates, latencies, arrivals, first, last } = state;
    const body = JSON.stringify({
      count,
      distinct: seen.size,
      duplicates,
      connections: sockets.size,
      firstArrival: first,
      lastArrival: last,
      latencies,
      arrivals,
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
