import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig, type Config } from '@cofre/server';
import { adminCommands } from './commands/admin.js';
import { clientsCreate, clientsRotateSecret } from './commands/clients.js';
import { jobsCommands } from './commands/jobs.js';
import { ledgerCommands } from './commands/ledger.js';
import { migrate } from './commands/migrate.js';
import { serve } from './commands/serve.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/**
 * `cofre <command>`. Every command reads the same configuration as the server (environment
 * variables, docs/config.md); flags only add what a command needs on top.
 */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode = 0;
  const config = (): Config => loadConfig(io.env);
  const program = new Command()
    .name('cofre')
    .description('cofre financial-operations API server')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.trimEnd()),
      writeErr: (s) => io.err(s.trimEnd()),
    });

  program
    .command('serve')
    .description('run the API, the webhook worker and (in sandbox) the simulator in one process')
    .action(async () => {
      exitCode = await serve(config(), io, 'all');
    });
  program
    .command('api')
    .description('run only the HTTP API (scale-out: run workers separately)')
    .action(async () => {
      exitCode = await serve(config(), io, 'api');
    });
  program
    .command('worker')
    .description('run only the webhook worker and sandbox simulator (no HTTP)')
    .action(async () => {
      exitCode = await serve(config(), io, 'worker');
    });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      exitCode = await migrate(config(), io);
    });

  const clients = program.command('clients').description('manage API clients');
  clients
    .command('create')
    .description('create a customer with one API client and print its credentials (once)')
    .requiredOption('--name <name>', 'customer name')
    .option('--json', 'print exactly {customerId, clientId, clientSecret} as JSON')
    .action(async (opts: { name: string; json?: boolean }) => {
      exitCode = await clientsCreate(config(), io, opts);
    });
  clients
    .command('rotate-secret')
    .description("replace a client's secret; tokens issued before stop working")
    .argument('<clientId>')
    .option('--json', 'print exactly {clientId, clientSecret} as JSON')
    .action(async (clientId: string, opts: { json?: boolean }) => {
      exitCode = await clientsRotateSecret(config(), io, clientId, opts);
    });

  jobsCommands(program, config, io, (code) => (exitCode = code));
  ledgerCommands(program, config, io, (code) => (exitCode = code));
  adminCommands(program, io, (code) => (exitCode = code));

  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 78; // EX_CONFIG
    }
    io.err(`cofre: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
