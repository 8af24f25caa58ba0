// Child of http-cpu.measure.ts: either a bare Fastify hello-world (argv[2] === 'hello') or cofre
// from the built package, as bench/cofre-server.mjs runs it. Answers {cpu} over IPC with its own
// process.cpuUsage(), so the parent reads the server's CPU in microseconds, not clock ticks.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

// Profiles of the measured requests only (start-up and warm-up left out): the parent sends
// `prof-start` and then `prof-stop:<file>`.
const session = new Session();
session.connect();

let close;
if (process.argv[2] === 'hello') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  console.log(await app.listen({ host: '127.0.0.1', port: 0 }));
  close = () => app.close();
} else {
  // MEASURE_SERVER_DIST names another build's dist directory (a copy kept to compare against), so
  // alternating runs can measure two builds with the same tool and seed.
  const dist = process.env.MEASURE_SERVER_DIST;
  const { loadConfig, startServer } = await import(
    dist ? pathToFileURL(join(dist, 'index.js')).href : '@cofre/server'
  );
  const server = await startServer(loadConfig(process.env));
  console.log(server.url);
  close = () => server.stop();
}
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  } else if (message === 'prof-start') {
    void session
      .post('Profiler.enable')
      .then(() => session.post('Profiler.setSamplingInterval', { interval: 100 }))
      .then(() => session.post('Profiler.start'))
      .then(() => process.send({ profiling: true }));
  } else if (typeof message === 'string' && message.startsWith('prof-stop:')) {
    void session.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(message.slice('prof-stop:'.length), JSON.stringify(profile));
      process.send({ profiled: true });
    });
  } else if (message === 'stop') {
    // A clean stop lets --cpu-prof write its profile.
    void close().then(() => process.exit(0));
  }
});
