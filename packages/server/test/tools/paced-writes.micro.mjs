// Not a test: a measurement (issue 23 point 6). What writing a 256 KiB JSON body costs the
// server in one write ("whole", Fastify's own `res.end(body)`) against plugins/paced-writes.ts
// ("paced": 64 KiB per turn of the event loop). A child process serves the body on 127.0.0.1
// with one or the other; this process fetches it N times over 4 keep-alive connections and then
// asks the child for its CPU time (process.cpuUsage: user and system). Runs against the BUILT
// package (`npx tsc -b` first):
//
//   node packages/server/test/tools/paced-writes.micro.mjs
//
// Prints CPU ms per 1,000 responses for each way, twice each, alternated, and checks every
// response arrived whole. Run it on a quiet machine: the server's system time is most of the
// difference, and anything else on the cores moves it.
import { Buffer } from 'node:buffer';
import { fork } from 'node:child_process';
import { request, Agent } from 'node:http';
import { fileURLToPath } from 'node:url';

const RESPONSES = Number(process.env.N ?? 2_000);

if (process.argv[2] === 'serve') {
  const { default: Fastify } = await import('fastify');
  const { registerPacedWrites } = await import('../../dist/plugins/paced-writes.js');
  const item = {
    id: 'acc_0',
    metadata: Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`key${i}`, 'v'.repeat(100)]),
    ),
  };
  const body = JSON.stringify({ data: Array.from({ length: 48 }, () => item) });
  const app = Fastify();
  await app.register(async (scope) => {
    if (process.argv[3] === 'paced') registerPacedWrites(scope);
    scope.get('/', async (_request, reply) => reply.type('application/json').send(body));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ port: app.server.address().port, bytes: Buffer.byteLength(body) });
  // Asked, it tells its CPU time so far; it is killed when measured.
  process.on('message', () => process.send(process.cpuUsage()));
} else {
  for (const way of ['whole', 'paced', 'whole', 'paced']) {
    const child = fork(fileURLToPath(import.meta.url), ['serve', way]);
    const next = () => new Promise((resolve) => child.once('message', resolve));
    const { port, bytes } = await next();
    const before = await cpuOf(child, next, port, bytes, 200); // warm-up
    const after = await cpuOf(child, next, port, bytes, RESPONSES);
    const ms = (after.user + after.system - before.user - before.system) / 1_000;
    const system = (after.system - before.system) / 1_000;
    console.log(
      `${way.padEnd(5)}  ${((ms / RESPONSES) * 1_000).toFixed(0).padStart(5)} ms CPU per 1,000 responses of ${bytes} bytes (system ${((system / RESPONSES) * 1_000).toFixed(0)} ms)`,
    );
    child.kill();
  }
}

/** Fetches the body `count` times, 4 at a time, then the child's CPU time so far. */
async function cpuOf(child, next, port, bytes, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let left = count;
  const loop = async () => {
    while (left-- > 0) {
      const got = await new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, agent }, (res) => {
          let n = 0;
          res.on('data', (chunk) => (n += chunk.length));
          res.on('end', () => resolve(n));
        })
          .on('error', reject)
          .end();
      });
      if (got !== bytes) throw new Error(`a response of ${got} bytes, not ${bytes}`);
    }
  };
  await Promise.all([loop(), loop(), loop(), loop()]);
  agent.destroy();
  const usage = next();
  child.send('cpu');
  return usage;
}
