import {
  createCustomerWithClient,
  createDb,
  migrateToLatest,
  rotateClientSecret,
  systemClock,
  AppError,
  type Config,
} from '@cofre/server';
import type { Command } from 'commander';
import type { CliIo } from '../cli.js';

/**
 * `cofre clients create | rotate-secret`: straight to the database, for bootstrap before the
 * server runs (docs/admin.md "CLI"; `cofre admin …` goes through the API and is audited).
 */
export function clientsCommands(
  program: Command,
  config: () => Config,
  io: CliIo,
  exit: (code: number) => void,
): void {
  const clients = program.command('clients').description('manage API clients');
  clients
    .command('create')
    .description('create a customer with one API client and print its credentials (once)')
    .requiredOption('--name <name>', 'customer name')
    .option('--json', 'print exactly {customerId, clientId, clientSecret} as JSON')
    .action(async (opts: { name: string; json?: boolean }) => {
      exit(await clientsCreate(config(), io, opts));
    });
  clients
    .command('rotate-secret')
    .description("replace a client's secret; tokens issued before stop working")
    .argument('<clientId>')
    .option('--json', 'print exactly {clientId, clientSecret} as JSON')
    .action(async (clientId: string, opts: { json?: boolean }) => {
      exit(await clientsRotateSecret(config(), io, clientId, opts));
    });
}

export async function clientsCreate(
  config: Config,
  io: CliIo,
  opts: { name: string; json?: boolean },
): Promise<number> {
  const name = opts.name.trim();
  if (name === '' || name.length > 200) {
    io.err('cofre: --name must be 1 to 200 characters');
    return 2;
  }
  const handle = createDb(config.database);
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const credentials = await createCustomerWithClient(
      handle.db,
      { name, environment: config.environment },
      systemClock,
    );
    if (opts.json) io.out(JSON.stringify(credentials));
    else {
      io.out(`customerId:   ${credentials.customerId}`);
      io.out(`clientId:     ${credentials.clientId}`);
      io.out(`clientSecret: ${credentials.clientSecret}`);
      io.out('The secret is shown only now; store it safely.');
    }
    return 0;
  } finally {
    await handle.destroy();
  }
}

export async function clientsRotateSecret(
  config: Config,
  io: CliIo,
  clientId: string,
  opts: { json?: boolean },
): Promise<number> {
  const handle = createDb(config.database);
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const graceSeconds = config.webhooks.keyRotationGraceSeconds;
    const { clientSecret } = await rotateClientSecret(handle.db, clientId, systemClock, {
      webhookKeyGraceSeconds: graceSeconds,
    });
    if (opts.json) io.out(JSON.stringify({ clientId, clientSecret }));
    else {
      io.out(`clientId:     ${clientId}`);
      io.out(`clientSecret: ${clientSecret}`);
      io.out(
        'Tokens issued under the old secret are no longer accepted. The secret is shown only now.',
      );
      // Since migration 0014 each subscription signs with its own secret (docs/webhooks.md).
      io.out(
        'Webhook signatures do not change: each subscription signs with its own secret (GET /v1/subscriptions/{id}/secret).',
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'RESOURCE_NOT_FOUND') {
      io.err(`cofre: no API client ${clientId}`);
      return 1;
    }
    throw error;
  } finally {
    await handle.destroy();
  }
}
