import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { loadMessageContexts } from '../delivery/message-context.js';
import { listenAttemptHeaders } from './attempt-headers.js';
import { dueListenMessages, listenSubscriptionState } from './listen.repository.js';
import type { ListenStreamMessage } from './listen.schemas.js';

/** How often a stream looks for due messages (the database is the truth, in every process). */
export const LISTEN_POLL_MS = 250;
/** A comment line this often keeps proxies from closing an idle stream and shows it is alive. */
export const LISTEN_HEARTBEAT_MS = 15_000;

export interface ListenStreamInput {
  raw: ServerResponse;
  db: Db;
  clock: Clock;
  subscriptionId: string;
  retryDelayMs: number;
  /** True once the server drains (plugins/draining.ts): the stream ends and the CLI reconnects. */
  stopping: () => boolean;
  pollMs?: number;
  heartbeatMs?: number;
}

/**
 * Serves one `GET /v1/listen/{id}/stream` connection as Server-Sent Events until the client
 * goes, the server drains, or the subscription is deleted. Every due message of the
 * subscription is sent as a `message` event, oldest first, at most its `maxConcurrency` not yet
 * answered at once. What this connection sent is remembered as (message id → attempt count):
 * a message is sent again on this connection only once a result changed its count (a retry
 * that fell due). A new connection remembers nothing, so every message still PENDING is sent
 * again: at least once, no gap, with no cursor to keep (the messages table is the cursor).
 */
export async function runListenStream(input: ListenStreamInput): Promise<void> {
  const { raw, db, clock, subscriptionId } = input;
  const pollMs = input.pollMs ?? LISTEN_POLL_MS;
  const heartbeatMs = input.heartbeatMs ?? LISTEN_HEARTBEAT_MS;
  let open = true;
  let wake: () => void = () => {};
  raw.once('close', () => {
    open = false;
    wake();
  });
  const sent = new Map<string, number>();
  let lastWrite = clock.now();
  const write = async (chunk: string): Promise<void> => {
    // A client gone: nothing to write to, and no 'drain' would ever come.
    if (!open) return;
    lastWrite = clock.now();
    if (raw.write(chunk)) return;
    // Backpressure: a client that reads slowly holds this loop, not the server's memory.
    await new Promise<void>((resolve) => {
      wake = resolve;
      raw.once('drain', resolve);
    });
  };

  await write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ subscriptionId })}\n\n`);
  try {
    while (open && !input.stopping()) {
      const state = await listenSubscriptionState(db, subscriptionId);
      if (!state || state.deleted) {
        await write(`event: gone\ndata: ${JSON.stringify({ subscriptionId })}\n\n`);
        break;
      }
      const now = clock.now();
      const due = await dueListenMessages(db, subscriptionId, {
        now,
        retryDelayMs: input.retryDelayMs,
        limit: state.maxConcurrency + 100,
      });
      const dueIds = new Set(due.map((m) => m.id));
      // Settled, or a retry not yet due: forget it (it comes back with a new count when due).
      for (const id of sent.keys()) if (!dueIds.has(id)) sent.delete(id);
      const inFlight = due.filter((m) => sent.get(m.id) === m.attempts).length;
      const next = due
        .filter((m) => sent.get(m.id) !== m.attempts)
        .slice(0, Math.max(0, state.maxConcurrency - inFlight));
      const contexts = new Map(
        (
          await loadMessageContexts(
            db,
            next.map((m) => m.id),
          )
        ).map((c) => [c.id, c]),
      );
      for (const m of next) {
        const message = contexts.get(m.id);
        if (!open || !message || message.status !== 'PENDING') continue;
        const sentAt = clock.now();
        const data: ListenStreamMessage = {
          messageId: message.id,
          attempt: message.attempts,
          trigger: message.attempts === 0 ? 'AUTOMATIC' : 'RETRY',
          eventId: message.eventId,
          eventType: message.eventType,
          headers: listenAttemptHeaders(message, sentAt),
          body: message.body,
          sentAt,
        };
        sent.set(m.id, message.attempts);
        await write(
          `id: ${message.id}.${message.attempts}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`,
        );
      }
      if (clock.now() - lastWrite >= heartbeatMs) await write(': keep-alive\n\n');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        wake = done;
      });
    }
  } finally {
    // A failed read (the database went away) ends the stream too: the CLI reconnects.
    raw.end();
  }
}
