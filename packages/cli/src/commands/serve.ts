import type { Command } from 'commander';
import { startServer, type Config, type Role } from '@cofre/server';
import type { CliIo } from '../cli.js';

/** `cofre serve | api | worker`: the roles a process runs (docs/operations.md). */
export function serveCommands(
  program: Command,
  config: () => Config,
  io: CliIo,
  exit: (code: number) => void,
): void {
  const roles: [Role, string, string][] = [
    [
      'all',
      'serve',
      'run the API, the webhook worker and (in sandbox) the simulator in one process',
    ],
    ['api', 'api', 'run only the HTTP API (scale-out: run workers separately)'],
    ['worker', 'worker', 'run only the webhook worker and sandbox simulator (no HTTP)'],
  ];
  for (const [role, name, description] of roles) {
    program
      .command(name)
      .description(description)
      .action(async () => {
        exit(await serve(config(), io, role));
      });
  }
}

/**
 * Once a stop has finished, how long anything it could not close (a socket to a receiver that
 * never answers) may keep the process alive before it exits anyway.
 */
const EXIT_AFTER_STOP_MS = 1_000;

/**
 * Runs until SIGINT/SIGTERM, then drains within COFRE_SHUTDOWN_TIMEOUT_MS (docs/operations.md "Stopping"); a
 * second signal during the drain cuts it short.
 *
 * stdout is the log stream and carries log lines only (JSON, or pino-pretty when chosen), so a
 * log collector never meets a plain-text line; where the server listens and that the worker
 * started are log lines. What a person must read and a log must never hold — the demo client's
 * secret — goes to stderr, once.
 */
export async function serve(config: Config, io: CliIo, role: Role): Promise<number> {
  // Listening for signals before starting: a SIGTERM during start-up (a deploy changing its mind)
  // must still close the database cleanly instead of killing the process mid-way.
  const stopAsked = new AbortController();
  const cutShort = new AbortController();
  let onSignal = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    onSignal = () => {
      if (stopAsked.signal.aborted) cutShort.abort();
      stopAsked.abort();
      resolve();
    };
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await run(
      config,
      io,
      role,
      { stopRequested, stopAsked: stopAsked.signal },
      cutShort.signal,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Unreferenced: it ends the process only if something left open would keep it alive.
    setTimeout(() => process.exit(), EXIT_AFTER_STOP_MS).unref();
  }
}

async function run(
  config: Config,
  io: CliIo,
  role: Role,
  stop: { stopRequested: Promise<void>; stopAsked: AbortSignal },
  cutShort: AbortSignal,
): Promise<number> {
  let server;
  try {
    // A signal while start-up still waits for the database ends the wait: nothing has started.
    server = await startServer(config, { role, signal: stop.stopAsked });
  } catch (error) {
    if (stop.stopAsked.aborted) return 0;
    throw error;
  }
  if (server.demoCredentials) {
    const { customerId, clientId, clientSecret } = server.demoCredentials;
    // One write: a reader (a person, a supervisor, a test) never sees half the block.
    const block = [
      'Created a demo customer and API client (shown once; store the secret):',
      `  customerId:   ${customerId}`,
      `  clientId:     ${clientId}`,
      `  clientSecret: ${clientSecret}`,
      `Lost the secret? \`npx cofre clients rotate-secret ${clientId}\` prints a new one;`,
      '`npx cofre clients create --name NAME` makes another client.',
      ...(server.url ? [`API docs: ${server.url}/docs`] : []),
    ];
    io.err(block.join('\n'));
  }
  await stop.stopRequested;
  await server.stop({ cutShort });
  return 0;
}
