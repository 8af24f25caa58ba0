import type { Command } from 'commander';
import type { CliIo } from '../cli.js';
import { ListenApi } from './listen/listen-api.js';
import { ListenSession } from './listen/listen-session.js';

export interface ListenOptions {
  forwardTo: string;
  events?: string;
  subscription?: string;
  clientId?: string;
  clientSecret?: string;
  apiUrl: string;
  allowRetry?: boolean;
  signatureFormat?: string;
  keep?: boolean;
  json?: boolean;
}

export const DEFAULT_API_URL = 'http://127.0.0.1:8080';

/**
 * Registers `cofre listen` (from cli.ts). `ownsProcess`: this is the real command, not an
 * in-process run (a test), so it may end the process once done.
 */
export function listenCommand(
  program: Command,
  io: CliIo,
  exit: (code: number) => void,
  ownsProcess: boolean,
): void {
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
      exit(await listenUntilSignal(io, opts, ownsProcess));
    });
}

/**
 * The first SIGINT/SIGTERM stops cleanly (finish the delivery in hand, delete the temporary
 * subscription); a second one exits at once.
 */
async function listenUntilSignal(
  io: CliIo,
  opts: ListenOptions,
  ownsProcess: boolean,
): Promise<number> {
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await listen(io, opts, stop.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Unreferenced: ends the process only if an idle keep-alive socket would hold it open
    // (only as the real command: an in-process run, a test, must not end its host).
    if (ownsProcess) setTimeout(() => process.exit(), 1_000).unref();
  }
}

/**
 * `cofre listen --forward-to URL` (docs/webhooks.md "Receiving on localhost: cofre listen"):
 * logs in with client credentials, creates a listen subscription (or resumes the one given with
 * `--subscription`), and relays its deliveries to URL until `stop` (SIGINT/SIGTERM). A
 * subscription it created is deleted on the way out unless `--keep`; one given is kept.
 * Exit codes: 0 stopped, 1 the API refused or the subscription was deleted, 2 usage.
 */
export async function listen(io: CliIo, opts: ListenOptions, stop: AbortSignal): Promise<number> {
  const run = checkOptions(io, opts);
  if (typeof run === 'number') return run;
  const api = new ListenApi(opts.apiUrl.replace(/\/+$/, ''), run.credentials);
  let subscriptionId: string;
  try {
    subscriptionId = await openSubscription(io, api, opts, run.events);
  } catch (error) {
    io.err(`cofre: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const session = new ListenSession(io, api, subscriptionId, run.target, opts.json ?? false);
  const end = await session.run(stop);
  if (end.kind === 'fatal') io.err(`cofre: ${end.message}`);
  const created = opts.subscription === undefined;
  if (created && !opts.keep && !(end.kind === 'fatal' && end.message.includes('was deleted'))) {
    await deleteSubscription(io, api, subscriptionId);
  }
  return end.kind === 'stopped' ? 0 : 1;
}

interface ListenRun {
  target: URL;
  credentials: { clientId: string; clientSecret: string };
  events: string[] | undefined;
}

/** The run the options ask for, or 2 (usage) with why on stderr. */
function checkOptions(io: CliIo, opts: ListenOptions): ListenRun | number {
  const usage = (message: string) => {
    io.err(`cofre: ${message}`);
    return 2;
  };
  let target: URL;
  try {
    target = new URL(opts.forwardTo);
  } catch {
    return usage(`--forward-to must be a URL (got "${opts.forwardTo}")`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return usage('--forward-to must be an http:// or https:// URL');
  }
  // Each result names it, and the execution log keeps at most 2,048 characters of a URL.
  if (target.href.length > 2_048) return usage('--forward-to is longer than 2048 characters');
  const clientId = opts.clientId ?? io.env.COFRE_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? io.env.COFRE_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    return usage(
      'give --client-id and --client-secret, or set COFRE_CLIENT_ID and COFRE_CLIENT_SECRET',
    );
  }
  const events = opts.events
    ?.split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (
    opts.subscription !== undefined &&
    (events !== undefined || opts.allowRetry || opts.signatureFormat !== undefined)
  ) {
    return usage(
      '--events, --allow-retry and --signature-format choose a new subscription; leave them out with --subscription',
    );
  }
  if (
    opts.signatureFormat !== undefined &&
    !['cofre', 'standard-webhooks'].includes(opts.signatureFormat)
  ) {
    return usage('--signature-format is cofre or standard-webhooks');
  }
  return { target, credentials: { clientId, clientSecret }, events };
}

/** Creates the listen subscription (or resumes `--subscription`) and shows its secret. */
async function openSubscription(
  io: CliIo,
  api: ListenApi,
  opts: ListenOptions,
  events: string[] | undefined,
): Promise<string> {
  if (opts.subscription !== undefined) {
    // A resumed subscription keeps its secret; show it so the receiver can be set up again.
    // One signing with Ed25519 has none (its secret is a 409): show its public key instead.
    const path = `/v1/subscriptions/${encodeURIComponent(opts.subscription)}`;
    const { publicKey } = (await api.call('GET', path)) as { publicKey?: string };
    if (publicKey !== undefined) {
      io.err(`Public key: ${publicKey} (your receiver verifies deliveries with it, v1a).`);
      return opts.subscription;
    }
    const { secret } = (await api.call('GET', `${path}/secret`)) as { secret: string };
    io.err(`Signing secret: ${secret} (your receiver verifies deliveries with it).`);
    return opts.subscription;
  }
  const sub = (await api.call('POST', '/v1/listen', {
    ...(events && events.length > 0 ? { events } : {}),
    ...(opts.allowRetry ? { allowRetry: true } : {}),
    ...(opts.signatureFormat !== undefined ? { signatureFormat: opts.signatureFormat } : {}),
  })) as { id: string; secret: string };
  io.err(
    `Created listen subscription ${sub.id} (${events && events.length > 0 ? events.join(', ') : 'every event'}).` +
      (opts.keep
        ? ` Resume it with --subscription ${sub.id}.`
        : ' It is deleted when you stop (--keep keeps it).'),
  );
  io.err(`Signing secret: ${sub.secret} (your receiver verifies deliveries with it).`);
  return sub.id;
}

/** Deletes the subscription this run created; a failure says how to delete it by hand. */
async function deleteSubscription(io: CliIo, api: ListenApi, subscriptionId: string) {
  try {
    await api.call('DELETE', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
    io.err(`Deleted listen subscription ${subscriptionId}.`);
  } catch (error) {
    io.err(
      `cofre: could not delete ${subscriptionId} (${error instanceof Error ? error.message : String(error)}); delete it with DELETE /v1/subscriptions/${subscriptionId}`,
    );
  }
}
