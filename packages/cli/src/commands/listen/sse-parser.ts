/** One Server-Sent Event (WHATWG HTML §9.2): its type, last id, and data lines joined. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * An incremental parser of a `text/event-stream` (WHATWG HTML §9.2.6), the part cofre's stream
 * uses: `event`, `id`, `data` (several lines joined by "\n"), comments (`:`) ignored, `retry`
 * ignored (the CLI has its own backoff); CRLF, LF and CR line ends. Feed it text as it arrives;
 * it returns the events completed by that text. Hand-written: thirty lines are less to trust
 * than a dependency for this.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  feed(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (this.data.length > 0) {
          out.push({ event: this.event || 'message', id: this.id, data: this.data.join('\n') });
        }
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
      else if (field === 'id' && !value.includes('\0')) this.id = value;
    }
    return out;
  }
}
