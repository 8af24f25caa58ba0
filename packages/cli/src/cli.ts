import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig, type Config } from '@cofre/server';
import { adminCommands } from './commands/admin.js';
import { clientsCreate, clientsRotateSecret } from './commands/clients.js';
import { jobsCommands } from './commands/jobs.js';
import { ledgerCommands } from './commands/ledger.js';
import { DEFAULT_API_URL, listen, type ListenOptions } from './commands/listen.js';
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

  program
    .command('listen')
    .description("relay a customer's webhook deliveries to a local URL (docs/webhooks.md)")
    .requiredOption(
      '--forward-to <url>',
      'where to POST each delivery, e.g. http://localhost:3000/webhooks',
    )
    .option(
      '--events <types>',
      'comma-separated event types of a new listen subscription (default: all)',
    )
    .option('--subscription <id>', 'resume this listen subscription (kept on exit)')
    .option('--client-id <id>', 'API client id (default: COFRE_CLIENT_ID)')
    .option('--client-secret <secret>', 'API client secret (default: COFRE_CLIENT_SECRET)')
    .option('--api-url <url>', 'the cofre API', DEFAULT_API_URL)
    .option('--allow-retry', 'retry deliveries the local URL failed (fixed delay, bounded count)')
    .option(
      '--signature-format <format>',
      'how a new listen subscription signs: cofre (default) or standard-webhooks',
    )
    .option('--keep', 'keep the listen subscription this run creates (default: deleted on exit)')
    .option('--json', 'print one JSON object per delivery instead of a text line')
    .action(async (opts: ListenOptions) => {
      // The first SIGINT/SIGTERM stops cleanly (finish the delivery in hand, delete the
      // temporary subscription); a second one exits at once.
      const stop = new AbortController();
      const onSignal = () => {
        if (stop.signal.aborted) process.exit(130);
        stop.abort();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        exitCode = await listen(io, opts, stop.signal);
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        // Unreferenced: ends the process only if an idle keep-alive socket would hold it open
        // (only as the real command: an in-process run, a test, must not end its host).
        if (io === defaultIo) setTimeout(() => process.exit(), 1_000).unref();
      }
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
