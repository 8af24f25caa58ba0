import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { watchCredential, type HeldCredential } from '../../plugins/credential-watch.js';
import { problemBody } from '../../plugins/errors.js';
import type { HubStream } from './listen-hub.js';
import { ListenRelay } from './listen-relay.js';

/** A comment line this often keeps proxies from closing an idle stream and shows it is alive. */
export const LISTEN_HEARTBEAT_MS = 15_000;

export interface ListenStreamInput {
  raw: ServerResponse;
  db: Db;
  clock: Clock;
  subscriptionId: string;
  retryDelayMs: number;
  /** The stream's slot and wake-ups in this process's ListenHub. */
  hub: HubStream;
  /** The request's credential, checked again while the stream is open (credential-watch.ts). */
  credential: HeldCredential;
  requestId: string;
  /** True once the server drains (plugins/draining.ts): the stream ends and the CLI reconnects. */
  stopping: () => boolean;
  /** The longest an idle stream goes without reading, should a wake-up have been missed. */
  safetyPollMs: number;
  heartbeatMs?: number;
  recheckMs?: number;
}

/** How a stream ended; the events written for the last four tell the client why. */
export type ListenStreamEnd = 'client-gone' | 'draining' | 'gone' | 'replaced' | 'unauthorized';

/**
 * Serves one `GET /v1/listen/{id}/stream` connection as Server-Sent Events until the client
 * goes, the server drains, the subscription is deleted (`gone`), another connection takes the
 * subscription over in this process (`replaced`), or the request's credential is refused
 * (`unauthorized`, with the auth hook's problem document). Every due message of the
 * subscription is sent as a `message` event, oldest first, at most its `maxConcurrency` not yet
 * answered at once. What this connection sent is remembered as (message id → attempt count): a
 * message is sent again on this connection only once a result changed its count (a retry that
 * fell due). A new connection remembers nothing, so every message still PENDING is sent again:
 * at least once, no gap, with no cursor to keep (the messages table is the cursor).
 *
 * It reads the database only when woken (the ListenHub, for a fan-out, a result, a change of
 * the subscription), when a retry it knows of falls due, and every `safetyPollMs` in case a
 * wake-up was missed; an idle stream costs a timer, not queries.
 */
export async function runListenStream(input: ListenStreamInput): Promise<ListenStreamEnd> {
  const { raw, hub } = input;
  const heartbeatMs = input.heartbeatMs ?? LISTEN_HEARTBEAT_MS;
  let open = true;
  let unblock: (() => void) | undefined;
  raw.once('close', () => {
    open = false;
    unblock?.();
    hub.wake();
  });
  let lastWrite = performance.now();
  const write = async (chunk: string): Promise<void> => {
    // A client gone: nothing to write to, and no 'drain' would ever come.
    if (!open) return;
    lastWrite = performance.now();
    if (raw.write(chunk)) return;
    // Backpressure: a client that reads slowly holds this stream, not the server's memory.
    await new Promise<void>((resolve) => {
      unblock = resolve;
      raw.once('drain', resolve);
    });
  };
  /** One Server-Sent Event (WHATWG HTML "Server-sent events"): a name and one line of JSON. */
  const send = (event: string, data: unknown) =>
    write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const { subscriptionId } = input;
  let refusal: { error: unknown } | undefined;
  const watch = watchCredential(
    input.credential,
    (error) => {
      refusal = { error };
      hub.wake();
    },
    input.recheckMs,
  );
  const relay = new ListenRelay(input, write);
  try {
    // `retry`: how long an EventSource waits before it reconnects.
    await write('retry: 1000\n');
    await send('ready', { subscriptionId });
    let woken = true;
    let pollAt = 0;
    for (;;) {
      if (!open) return 'client-gone';
      if (input.stopping() || hub.ended === 'draining') return 'draining';
      if (hub.ended === 'replaced') {
        await send('replaced', { subscriptionId });
        return 'replaced';
      }
      if (refusal !== undefined) {
        const { error } = refusal;
        // An outage of the check itself ends the stream like a failed read: the client reconnects.
        if (!(error instanceof AppError && error.status === 401)) throw error;
        await send('unauthorized', problemBody(error, input.requestId));
        return 'unauthorized';
      }
      if (woken || relay.retryDue() || performance.now() >= pollAt) {
        pollAt = performance.now() + input.safetyPollMs;
        if ((await relay.sendDue()) === 'gone') {
          await send('gone', { subscriptionId });
          return 'gone';
        }
      }
      const now = performance.now();
      if (now - lastWrite >= heartbeatMs) await write(': keep-alive\n\n');
      woken = await hub.wait(
        Math.min(pollAt - now, lastWrite + heartbeatMs - now, relay.msUntilRetry()),
      );
    }
  } finally {
    watch.stop();
    // A failed read (the database went away) ends the stream too: the CLI reconnects.
    raw.end();
  }
}
