import { waitFor } from './wait-for.js';

/** One Server-Sent Event as received. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export interface SseConnection {
  status: number;
  contentType: string | null;
  headers: Headers;
  events: SseEvent[];
  /** Resolves once `count` events named `event` have arrived (bounded). */
  waitFor(event: string, count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens an SSE stream with fetch and parses it (WHATWG HTML "Server-sent events", enough of it
 * for cofre's stream: `event`, `id`, `data` lines, comments ignored). A non-200 answer is
 * returned with no events, its body in `events[0].data`.
 */
export async function openSse(url: string, token: string): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (res.status === 200 && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', id: undefined, data: '' };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const v = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'event') event.event = v;
              else if (field === 'id') event.id = v;
              else if (field === 'data') data.push(v);
            }
            if (data.length > 0) {
              event.data = data.join('\n');
              events.push(event);
            }
          }
        }
      } catch {
        // Aborted by close(), or the connection dropped.
      }
    })();
  } else {
    events.push({ event: 'error', id: undefined, data: await res.text() });
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: res.headers,
    events,
    ended,
    waitFor(event, count, timeoutMs = 15_000) {
      return waitFor(
        `${count} SSE '${event}' events`,
        () => {
          const found = events.filter((e) => e.event === event);
          return found.length >= count ? found : undefined;
        },
        { timeoutMs },
      );
    },
    close() {
      abort.abort();
    },
  };
}
