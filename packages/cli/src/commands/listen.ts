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
 * `cofre listen --forward-to URL` (docs/webhooks.md "Receiving on localhost: cofre listen"):
 * logs in with client credentials, creates a listen subscription (or resumes the one given with
 * `--subscription`), and relays its deliveries to URL until `stop` (SIGINT/SIGTERM). A
 * subscription it created is deleted on the way out unless `--keep`; one given is kept.
 * Exit codes: 0 stopped, 1 the API refused or the subscription was deleted, 2 usage.
 */
export async function listen(io: CliIo, opts: ListenOptions, stop: AbortSignal): Promise<number> {
  let target: URL;
  try {
    target = new URL(opts.forwardTo);
  } catch {
    io.err(`cofre: --forward-to must be a URL (got "${opts.forwardTo}")`);
    return 2;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    io.err('cofre: --forward-to must be an http:// or https:// URL');
    return 2;
  }
  // Each result names it, and the execution log keeps at most 2,048 characters of a URL.
  if (target.href.length > 2_048) {
    io.err('cofre: --forward-to is longer than 2048 characters');
    return 2;
  }
  const clientId = opts.clientId ?? io.env.COFRE_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? io.env.COFRE_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    io.err(
      'cofre: give --client-id and --client-secret, or set COFRE_CLIENT_ID and COFRE_CLIENT_SECRET',
    );
    return 2;
  }
  const events = opts.events
    ?.split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (
    opts.subscription !== undefined &&
    (events !== undefined || opts.allowRetry || opts.signatureFormat !== undefined)
  ) {
    io.err(
      'cofre: --events, --allow-retry and --signature-format choose a new subscription; leave them out with --subscription',
    );
    return 2;
  }
  if (
    opts.signatureFormat !== undefined &&
    !['cofre', 'standard-webhooks'].includes(opts.signatureFormat)
  ) {
    io.err('cofre: --signature-format is cofre or standard-webhooks');
    return 2;
  }
  const api = new ListenApi(opts.apiUrl.replace(/\/+$/, ''), { clientId, clientSecret });

  let subscriptionId = opts.subscription;
  const created = subscriptionId === undefined;
  try {
    if (subscriptionId === undefined) {
      const sub = (await api.call('POST', '/v1/listen', {
        ...(events && events.length > 0 ? { events } : {}),
        ...(opts.allowRetry ? { allowRetry: true } : {}),
        ...(opts.signatureFormat !== undefined ? { signatureFormat: opts.signatureFormat } : {}),
      })) as { id: string; secret: string };
      subscriptionId = sub.id;
      io.err(
        `Created listen subscription ${sub.id} (${events && events.length > 0 ? events.join(', ') : 'every event'}).` +
          (opts.keep
            ? ` Resume it with --subscription ${sub.id}.`
            : ' It is deleted when you stop (--keep keeps it).'),
      );
      io.err(`Signing secret: ${sub.secret} (your receiver verifies deliveries with it).`);
    } else {
      // A resumed subscription keeps its secret; show it so the receiver can be set up again.
      const { secret } = (await api.call(
        'GET',
        `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/secret`,
      )) as { secret: string };
      io.err(`Signing secret: ${secret} (your receiver verifies deliveries with it).`);
    }
  } catch (error) {
    io.err(`cofre: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const session = new ListenSession(io, api, subscriptionId, target, opts.json ?? false);
  const end = await session.run(stop);
  if (end.kind === 'fatal') io.err(`cofre: ${end.message}`);
  if (created && !opts.keep && !(end.kind === 'fatal' && end.message.includes('was deleted'))) {
    try {
      await api.call('DELETE', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
      io.err(`Deleted listen subscription ${subscriptionId}.`);
    } catch (error) {
      io.err(
        `cofre: could not delete ${subscriptionId} (${error instanceof Error ? error.message : String(error)}); delete it with DELETE /v1/subscriptions/${subscriptionId}`,
      );
    }
  }
  return end.kind === 'stopped' ? 0 : 1;
}
