import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { loadMessageContexts } from '../delivery/message-context.js';
import { listenAttemptHeaders } from './attempt-headers.js';
import {
  dueListenMessages,
  listenSubscriptionState,
  nextListenRetryAt,
  retriesDueAt,
} from './listen.repository.js';
import type { ListenStreamMessage } from './listen.schemas.js';

/**
 * What one stream connection sent and the retries it waits for; `sendDue` is one read of the
 * subscription and the sends it calls for. Retry times come from what it read: once per
 * connection the earliest waiting retry of the subscription, then, for each message it sent that
 * was answered, that message's retry time if it waits for one (by primary key).
 */
export class ListenRelay {
  /** Message id → the attempt count this connection sent it with. */
  private readonly sent = new Map<string, number>();
  /** When retries it knows of fall due (clock ms), ascending. */
  private retryTimes: number[] = [];
  private firstRead = true;

  constructor(
    private readonly input: {
      db: Db;
      clock: Clock;
      subscriptionId: string;
      retryDelayMs: number;
    },
    private readonly write: (chunk: string) => Promise<void>,
  ) {}

  retryDue(): boolean {
    return this.retryTimes.length > 0 && this.retryTimes[0]! <= this.input.clock.now();
  }

  msUntilRetry(): number {
    const next = this.retryTimes[0];
    return next === undefined ? Infinity : Math.max(0, next - this.input.clock.now());
  }

  async sendDue(): Promise<'gone' | 'read'> {
    const { db, clock, subscriptionId, retryDelayMs } = this.input;
    const state = await listenSubscriptionState(db, subscriptionId);
    if (!state || state.deleted) return 'gone';
    const now = clock.now();
    this.retryTimes = this.retryTimes.filter((at) => at > now);
    const due = await dueListenMessages(db, subscriptionId, {
      now,
      retryDelayMs,
      limit: state.maxConcurrency + 100,
    });
    const dueIds = new Set(due.map((m) => m.id));
    // Settled, or a retry not yet due: forget it (it comes back with a new count when due).
    const answered = [...this.sent.keys()].filter((id) => !dueIds.has(id));
    for (const id of answered) this.sent.delete(id);
    if (state.allowRetry) {
      const times = this.firstRead
        ? [await nextListenRetryAt(db, subscriptionId, { now, retryDelayMs })]
        : await retriesDueAt(db, answered, { now, retryDelayMs });
      for (const at of times) if (at !== undefined) this.retryTimes.push(at);
      this.retryTimes.sort((a, b) => a - b);
    }
    this.firstRead = false;
    const inFlight = due.filter((m) => this.sent.get(m.id) === m.attempts).length;
    const next = due
      .filter((m) => this.sent.get(m.id) !== m.attempts)
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
      if (!message || message.status !== 'PENDING') continue;
      const sentAt = clock.now();
      const data: ListenStreamMessage = {
        messageId: message.id,
        attempt: message.attempts,
        trigger: message.attempts === 0 ? 'AUTOMATIC' : 'RETRY',
        eventId: message.eventId,
        eventType: message.eventType,
        sequence: message.sequence,
        headers: listenAttemptHeaders(message, sentAt),
        body: message.body,
        sentAt,
      };
      this.sent.set(m.id, message.attempts);
      await this.write(
        `id: ${message.id}.${message.attempts}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`,
      );
    }
    return 'read';
  }
}
