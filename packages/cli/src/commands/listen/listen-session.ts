import { setTimeout as sleep } from 'node:timers/promises';
import type { CliIo } from '../../cli.js';
import { forward, type ForwardResult } from './forward.js';
import { ApiError, type ListenApi } from './listen-api.js';
import { SseParser } from './sse-parser.js';

/** A stream's `message` event (the server's ListenStreamMessage). */
interface StreamMessage {
  messageId: string;
  attempt: number;
  trigger: 'AUTOMATIC' | 'RETRY';
  eventType: string;
  headers: Record<string, string>;
  body: string;
  /** When the server signed the headers (unix ms); reported back so the log holds them. */
  sentAt?: number;
  /** The message's number in its subscription (X-Message-Sequence; docs/webhooks.md). */
  sequence?: number;
}

/** The server sends a comment every 15 s: three missed in a row means the connection is dead. */
const IDLE_LIMIT_MS = 45_000;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5_000;
/** The longest a `Retry-After` is honoured before reconnecting anyway. */
const MAX_RETRY_AFTER_MS = 60_000;
/** Reporting a result is retried this many times before the message is left to be re-sent. */
const REPORT_TRIES = 5;

class SubscriptionGone extends Error {}
/** Another connection took the subscription over on that server (`replaced`). */
class StreamReplaced extends Error {}
/** The server refused the token mid-stream (`unauthorized`: client disabled, secret rotated, expired). */
class TokenRefused extends Error {}

export type SessionEnd = { kind: 'stopped' } | { kind: 'fatal'; message: string };

/**
 * One `cofre listen` run on one listen subscription: keeps a stream open (reconnecting with
 * capped exponential backoff after a server restart or a network drop), forwards each message
 * to the local URL one at a time in the order received, reports each local answer, and prints
 * one line per delivery. Resuming needs no cursor: the server re-sends every message not yet
 * reported on each new connection (at least once, no gap).
 */
export class ListenSession {
  private chain: Promise<void> = Promise.resolve();
  /** `messageId.attempt` being forwarded now: a re-sent copy after a reconnect is not doubled. */
  private readonly inProgress = new Set<string>();
  private connectedOnce = false;
  private outageSince: number | undefined;
  /** The token was refused mid-stream and a new one is being fetched. */
  private renewing = false;

  constructor(
    private readonly io: CliIo,
    private readonly api: ListenApi,
    private readonly subscriptionId: string,
    private readonly target: URL,
    private readonly json: boolean,
  ) {}

  async run(stop: AbortSignal): Promise<SessionEnd> {
    let delay = FIRST_BACKOFF_MS;
    /** Why the server last refused the token mid-stream; cleared once a stream is ready again. */
    let refused: string | undefined;
    try {
      while (!stop.aborted) {
        const connection = new AbortController();
        const onStop = () => connection.abort();
        stop.addEventListener('abort', onStop);
        try {
          const res = await this.api.openStream(this.subscriptionId, connection.signal);
          delay = FIRST_BACKOFF_MS;
          refused = undefined;
          await this.read(res, connection);
          if (!stop.aborted) this.lost('the server ended the stream');
        } catch (error) {
          if (stop.aborted) break;
          if (error instanceof SubscriptionGone) {
            return { kind: 'fatal', message: `subscription ${this.subscriptionId} was deleted` };
          }
          if (error instanceof StreamReplaced) {
            return {
              kind: 'fatal',
              message: `another connection took subscription ${this.subscriptionId} over (is a second cofre listen --subscription ${this.subscriptionId} running?)`,
            };
          }
          if (error instanceof TokenRefused) {
            // A token that expired is renewed with the client's credentials; a disabled client
            // or a rotated secret then fails to log in, below, and the run ends.
            this.io.err(`The server ended the stream: ${error.message}; logging in again…`);
            this.api.forgetToken();
            this.renewing = true;
            refused = error.message;
            continue;
          }
          // Refusals that no retry changes: wrong credentials, not a listen subscription, not found.
          if (error instanceof ApiError && [400, 401, 403, 404, 409].includes(error.status)) {
            return {
              kind: 'fatal',
              message:
                refused !== undefined && error.status === 401
                  ? `the token was refused (${refused}) and the client credentials no longer log in: ${error.message}`
                  : error.message,
            };
          }
          // Too many streams, or a server at its limit: wait as long as it asks.
          if (error instanceof ApiError && error.retryAfterSeconds !== undefined) {
            delay = Math.max(delay, Math.min(error.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS));
          }
          this.lost(error instanceof Error ? error.message : String(error));
        } finally {
          stop.removeEventListener('abort', onStop);
        }
        await sleep(delay, undefined, { signal: stop }).catch(() => {});
        delay = Math.min(delay * 2, MAX_BACKOFF_MS);
      }
      return { kind: 'stopped' };
    } finally {
      // What is being forwarded finishes and is reported (each forward is bounded by 10 s).
      await this.chain;
    }
  }

  private async read(res: Response, connection: AbortController): Promise<void> {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new SseParser();
    let idle = setTimeout(() => connection.abort(), IDLE_LIMIT_MS);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        clearTimeout(idle);
        idle = setTimeout(() => connection.abort(), IDLE_LIMIT_MS);
        for (const event of parser.feed(value)) {
          if (event.event === 'ready') this.ready();
          else if (event.event === 'gone') throw new SubscriptionGone();
          else if (event.event === 'replaced') throw new StreamReplaced();
          else if (event.event === 'unauthorized') throw new TokenRefused(refusal(event.data));
          else if (event.event === 'message') this.enqueue(JSON.parse(event.data) as StreamMessage);
        }
      }
    } finally {
      clearTimeout(idle);
      await reader.cancel().catch(() => {});
    }
  }

  private ready(): void {
    if (!this.connectedOnce) {
      this.connectedOnce = true;
      this.io.err(
        `Ready: forwarding deliveries of ${this.subscriptionId} to ${this.target.href} (Ctrl-C to stop).`,
      );
    } else if (this.outageSince !== undefined) {
      const seconds = ((Date.now() - this.outageSince) / 1000).toFixed(1);
      this.io.err(`Reconnected after ${seconds} s; resuming.`);
    } else if (this.renewing) {
      this.io.err('Logged in again; resuming.');
    }
    this.outageSince = undefined;
    this.renewing = false;
  }

  /** One line per outage, not per reconnect attempt. */
  private lost(why: string): void {
    if (this.outageSince !== undefined) return;
    this.outageSince = Date.now();
    this.io.err(`Connection lost (${why}); reconnecting…`);
  }

  private enqueue(message: StreamMessage): void {
    const key = `${message.messageId}.${message.attempt}`;
    if (this.inProgress.has(key)) return;
    this.inProgress.add(key);
    this.chain = this.chain.then(async () => {
      try {
        await this.deliver(message);
      } finally {
        this.inProgress.delete(key);
      }
    });
  }

  private async deliver(message: StreamMessage): Promise<void> {
    const result = await forward(this.target, message.headers, message.body);
    const recorded = await this.report(message, result);
    this.print(message, result, recorded);
  }

  /** Reports the local answer; on failure the message stays PENDING and is sent again later. */
  private async report(message: StreamMessage, result: ForwardResult): Promise<boolean | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = (await this.api.call(
          'POST',
          `/v1/listen/${encodeURIComponent(this.subscriptionId)}/results`,
          {
            messageId: message.messageId,
            attempt: message.attempt,
            url: this.target.href,
            ...(message.sentAt === undefined ? {} : { sentAt: message.sentAt }),
            ...result,
          },
        )) as { recorded: boolean };
        return answer.recorded;
      } catch (error) {
        const refused =
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429;
        if (attempt >= REPORT_TRIES || refused) {
          this.io.err(
            `Could not report ${message.messageId} (${error instanceof Error ? error.message : String(error)}); it will be sent again.`,
          );
          return null;
        }
        await sleep(FIRST_BACKOFF_MS * 2 ** attempt);
      }
    }
  }

  private print(message: StreamMessage, result: ForwardResult, recorded: boolean | null): void {
    const at = new Date().toISOString();
    if (this.json) {
      this.io.out(
        JSON.stringify({
          at,
          eventType: message.eventType,
          messageId: message.messageId,
          ...(message.sequence === undefined ? {} : { sequence: message.sequence }),
          attempt: message.attempt,
          trigger: message.trigger,
          status: result.status,
          durationMs: result.durationMs,
          ...('error' in result ? { error: result.error } : {}),
          recorded,
        }),
      );
      return;
    }
    const answer = 'error' in result ? `ERR ${result.error}` : String(result.status);
    const retry = message.trigger === 'RETRY' ? `  (retry ${message.attempt})` : '';
    const sequence = message.sequence === undefined ? '' : `  #${message.sequence}`;
    this.io.out(
      `${at}  ${message.eventType}  ${message.messageId}${sequence}  ${answer}  ${result.durationMs} ms${retry}`,
    );
  }
}

/** The `unauthorized` event's problem document, as one line. */
function refusal(data: string): string {
  try {
    const problem = JSON.parse(data) as { code?: string; detail?: string };
    const detail = problem.detail?.replace(/\.$/, '');
    return [problem.code, detail].filter((part) => part !== undefined).join(': ');
  } catch {
    return 'the token was refused';
  }
}
