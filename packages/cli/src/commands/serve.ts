import { startServer, type Config } from '@cofre/server';
import type { CliIo } from '../cli.js';

/** Runs until SIGINT/SIGTERM, then drains in-flight requests and closes the database. */
export async function serve(config: Config, io: CliIo): Promise<number> {
  const server = await startServer(config, { role: 'all' });
  if (server.demoCredentials) {
    const { customerId, clientId, clientSecret } = server.demoCredentials;
    io.out('Created a demo customer and API client (shown once; store the secret):');
    io.out(`  customerId:   ${customerId}`);
    io.out(`  clientId:     ${clientId}`);
    io.out(`  clientSecret: ${clientSecret}`);
  }
  io.out(`cofre ${config.environment} listening on ${server.url} (docs: ${server.url}/docs)`);
  await new Promise<void>((resolve) => {
    const onSignal = () => resolve();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  await server.stop();
  return 0;
}
