import { startServer, type Config, type Role } from '@cofre/server';
import type { CliIo } from '../cli.js';

/** Runs until SIGINT/SIGTERM, then drains in-flight requests and closes the database. */
export async function serve(config: Config, io: CliIo, role: Role): Promise<number> {
  const server = await startServer(config, { role });
  if (server.demoCredentials) {
    const { customerId, clientId, clientSecret } = server.demoCredentials;
    io.out('Created a demo customer and API client (shown once; store the secret):');
    io.out(`  customerId:   ${customerId}`);
    io.out(`  clientId:     ${clientId}`);
    io.out(`  clientSecret: ${clientSecret}`);
  }
  if (server.url)
    io.out(`cofre ${config.environment} listening on ${server.url} (docs: ${server.url}/docs)`);
  if (server.worker)
    io.out(`cofre ${config.environment} worker ${server.worker.worker.owner} started`);
  await new Promise<void>((resolve) => {
    const onSignal = () => resolve();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  await server.stop();
  return 0;
}
