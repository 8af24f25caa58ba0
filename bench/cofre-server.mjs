// cofre as a deployment runs it: configuration from the environment, startServer() from the
// built package. Run as a child of bench/list.mjs so it does not share the load generator's CPU.
import { server as cofre } from './lib/server-module.mjs';

const { loadConfig, startServer } = cofre;

const server = await startServer(loadConfig(process.env));
console.log(server.url); // the parent waits for this line

// A clean stop lets --cpu-prof write its profile and closes the database properly.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => void server.stop().then(() => process.exit(0)));
}
