import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig, type Config } from '@cofre/server';
import { CLI_VERSION } from './cli-version.js';
import { adminCommands } from './commands/admin/index.js';
import { clientsCommands } from './commands/clients.js';
import { jobsCommands } from './commands/jobs.js';
import { ledgerCommands } from './commands/ledger.js';
import { railsCommands } from './commands/rails.js';
import { listenCommand } from './commands/listen.js';
import { migrateCommand } from './commands/migrate.js';
import { serveCommands } from './commands/serve.js';
import { webhooksCommands } from './commands/webhooks.js';

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
 * variables, docs/config.md); flags only add what a command needs on top. Each command (or
 * group) is registered by its file in commands/, in the order `cofre --help` lists them.
 */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode = 0;
  const program = cofreProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    return failed(error, io);
  }
}

/**
 * The command tree. One output rule for every command that prints a result (README
 * "Commands"): text lines for a person by default, exactly one JSON value on stdout with
 * `--json` (a stream, `listen`, one value per line); `serve`, `api` and `worker` print log lines
 * (COFRE_LOG_FORMAT) instead.
 * test/cli.output-rule.test.ts walks this tree to hold every command to it.
 */
export function cofreProgram(io: CliIo, exit: (code: number) => void): Command {
  const config = (): Config => loadConfig(io.env);
  const program = new Command()
    .name('cofre')
    .description('cofre financial-operations API server')
    .version(CLI_VERSION, '-V, --version', 'print the version (package.json) and exit')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.trimEnd()),
      writeErr: (s) => io.err(s.trimEnd()),
    });

  serveCommands(program, config, io, exit);
  migrateCommand(program, config, io, exit);
  clientsCommands(program, config, io, exit);
  listenCommand(program, io, exit, io === defaultIo);
  webhooksCommands(program, io, exit);
  jobsCommands(program, config, io, exit);
  ledgerCommands(program, config, io, exit);
  railsCommands(program, config, io, exit);
  adminCommands(program, io, exit);
  return program;
}

/** The exit code of a run that threw, and why on stderr. */
function failed(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof ConfigError) {
    io.err(error.message);
    return 78; // EX_CONFIG
  }
  io.err(`cofre: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
}
