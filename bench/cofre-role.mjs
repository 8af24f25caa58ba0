// cofre in one role, as `cofre serve | api | worker` runs it: configuration from the environment,
// startServer() from the built package. BENCH_ROLE picks the role (all, api, worker); it is not a
// COFRE_ variable because loadConfig refuses unknown ones. A worker has no URL, so it announces
// itself with a line of its own (bench/lib/servers.mjs waits for it).
import { server as cofre } from './lib/server-module.mjs';

const { loadConfig, startServer } = cofre;

const role = process.env.BENCH_ROLE ?? 'all';
const server = await startServer(loadConfig(process.env), { role });
console.log(server.url ?? `worker ${server.worker.worker.owner} ready`);

// A clean stop lets --cpu-prof write its profile and closes the database properly.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => void server.stop().then(() => process.exit(0)));
}
