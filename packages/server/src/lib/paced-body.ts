import { Readable } from 'node:stream';

/**
 * A piece of a response body, written to the socket in one turn of the event loop: this many
 * bytes of a Buffer, or this many UTF-16 units of a text (as many bytes for ASCII, at most three
 * times as many). A list page may weigh up to 256 KiB (lib/pagination.ts PAGE_WEIGHT), a maximal
 * body some 30 KiB. Why pieces at all: plugins/paced-writes.ts.
 */
export const PACED_WRITE_BYTES = 64 * 1024;

/** A body's parts: one text or Buffer, or texts to be sent one after the other. */
export type BodyParts = string | Buffer | readonly string[];

/**
 * A body given out a piece at a time: the first at once, each next one a turn later. A text is
 * cut every `piece` UTF-16 units (never inside a surrogate pair) and written as text, so it is
 * encoded to UTF-8 as it is written, as a whole body would be.
 *
 * A body given as several texts (a list page with its items' stored metadata between the
 * serialised parts, lib/stored-metadata.ts) is never joined into one string: each turn joins only
 * its own piece's worth. A page joined whole is a string of up to 256 KiB, which V8 allocates
 * outside the young generation, so every page sent grew the old generation by its size, and the
 * mark-compacts that reclaimed it paused every request (docs/operations.md "The noisy-neighbour
 * rule").
 */
export class PacedBody extends Readable {
  /** The body's parts, in order: what its ETag is computed over (plugins/conditional-get.ts). */
  readonly parts: readonly (string | Buffer)[];
  private index = 0;
  private offset = 0;

  constructor(
    body: BodyParts,
    private readonly piece: number = PACED_WRITE_BYTES,
  ) {
    super({ objectMode: true, highWaterMark: 1 });
    this.parts = typeof body === 'string' || Buffer.isBuffer(body) ? [body] : body;
  }

  /** The body's length in bytes: its `Content-Length`. */
  byteLength(): number {
    let bytes = 0;
    for (const part of this.parts) bytes += Buffer.byteLength(part);
    return bytes;
  }

  override _read(): void {
    if (this.index === 0 && this.offset === 0) this.pushNext();
    else setImmediate(() => this.pushNext());
  }

  private pushNext(): void {
    if (this.destroyed) return;
    const taken: (string | Buffer)[] = [];
    let room = this.piece;
    while (room > 0 && this.index < this.parts.length) {
      const part = this.parts[this.index]!;
      let end = Math.min(this.offset + room, part.length);
      if (
        typeof part === 'string' &&
        end < part.length &&
        isHighSurrogate(part.charCodeAt(end - 1))
      ) {
        end -= 1;
        // A piece of one unit that would split a pair: take the pair whole.
        if (end === this.offset && taken.length === 0) end += 2;
      }
      if (end > this.offset) taken.push(cut(part, this.offset, end));
      room -= end - this.offset;
      if (end === part.length) {
        this.index += 1;
        this.offset = 0;
      } else {
        this.offset = end;
        break;
      }
    }
    if (taken.length > 0) this.push(join(taken));
    if (this.index === this.parts.length) this.push(null);
  }
}

function cut(part: string | Buffer, from: number, to: number): string | Buffer {
  if (from === 0 && to === part.length) return part;
  return typeof part === 'string' ? part.slice(from, to) : part.subarray(from, to);
}

/** A turn's piece: one part's cut, or several texts joined (a Buffer body is one part). */
function join(taken: readonly (string | Buffer)[]): string | Buffer {
  return taken.length === 1 ? taken[0]! : taken.join('');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
