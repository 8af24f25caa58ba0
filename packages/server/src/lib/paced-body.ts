import { Readable } from 'node:stream';

/**
 * A piece of a response body, written to the socket in one turn of the event loop: at most this
 * many bytes (of a text, its UTF-8). A list page may weigh up to 256 KiB (lib/pagination.ts
 * PAGE_WEIGHT), a maximal body some 30 KiB. Why pieces at all: plugins/paced-writes.ts.
 */
export const PACED_WRITE_BYTES = 64 * 1024;

/** A body's parts: one text or Buffer, or texts to be sent one after the other. */
export type BodyParts = string | Buffer | readonly string[];

/**
 * A body given out a piece at a time: the first at once, each next one a turn later, each piece a
 * Buffer of at most `piece` bytes (a piece always carries at least one character, up to 4 bytes).
 * A Buffer body's pieces are views of it; texts are encoded to UTF-8 straight into each piece's
 * Buffer (never splitting a character, nor a surrogate pair; a lone surrogate is written as
 * U+FFFD, as Node writes any text), so a text is encoded once, as a whole body written as text
 * would be.
 *
 * A body given as several texts (a list page with its items' stored metadata between the
 * serialised parts, lib/stored-metadata.ts) is never joined into one string, and neither is a
 * piece of it: joined whole, a page was a string of up to 256 KiB, which V8 allocates outside the
 * young generation, so every page sent grew the old generation by its size, and the
 * mark-compacts that reclaimed it paused every request; joined a piece at a time, each piece was
 * a 64 KiB string in the young generation, a sixth of what the server allocated while another
 * customer walked heavy pages, each one bringing the next scavenge, a pause of every request,
 * nearer (docs/operations.md "The noisy-neighbour rule"). A piece's Buffer lives outside the
 * JavaScript heap.
 */
export class PacedBody extends Readable {
  /** The body's parts, in order: what its ETag is computed over (plugins/conditional-get.ts). */
  readonly parts: readonly (string | Buffer)[];
  /** The next part, and where in it (UTF-16 units of a text, bytes of a Buffer). */
  private index = 0;
  private offset = 0;
  /** Bytes not yet given out (known once the length is asked for or the first piece made). */
  private remaining: number | undefined;

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
    if (this.index === 0 && this.offset === 0) this.remaining = bytes;
    return bytes;
  }

  override _read(): void {
    if (this.index === 0 && this.offset === 0) this.pushNext();
    else setImmediate(() => this.pushNext());
  }

  private pushNext(): void {
    if (this.destroyed) return;
    const remaining = this.remaining ?? this.byteLength();
    if (remaining > 0) {
      const only = this.parts.length === 1 ? this.parts[0] : undefined;
      const piece = Buffer.isBuffer(only) ? this.view(only) : this.encode(remaining);
      this.remaining = remaining - piece.length;
      this.push(piece);
    }
    if (this.remaining === 0) this.push(null);
  }

  /** A Buffer body's next piece: a view of it, no copy. */
  private view(body: Buffer): Buffer {
    const end = Math.min(this.offset + this.piece, body.length);
    const piece = body.subarray(this.offset, end);
    this.offset = end;
    return piece;
  }

  /** The next piece of a text body or a body in parts, written into a Buffer of its own. */
  private encode(remaining: number): Buffer {
    // Only a body of one part can be a Buffer (BodyParts), and that one goes as views.
    const texts = this.parts as readonly string[];
    const size = Math.min(Math.max(this.piece, 4), remaining);
    const chunk = Buffer.allocUnsafe(size);
    let used = 0;
    while (this.index < texts.length) {
      const part = texts[this.index]!;
      // The chunk has room for the piece, or for one character of up to 4 bytes.
      const room = this.piece - used;
      if (room <= 0) break;
      const rest = part.length - this.offset;
      // At most 3 bytes a UTF-16 unit: the rest fits without counting its bytes, or by count.
      const fits =
        rest * 3 <= room ||
        Buffer.byteLength(this.offset === 0 ? part : part.slice(this.offset)) <= room;
      const taken = fits ? rest : unitsFitting(part, this.offset, room, used === 0);
      if (taken === 0 && rest > 0) break;
      const text =
        this.offset === 0 && taken === part.length
          ? part
          : part.slice(this.offset, this.offset + taken);
      used += chunk.write(text, used);
      if (this.offset + taken < part.length) {
        this.offset += taken;
        break;
      }
      this.index += 1;
      this.offset = 0;
    }
    return used === size ? chunk : chunk.subarray(0, used);
  }
}

/**
 * How many UTF-16 units of `text` from `from` take at most `room` bytes in UTF-8, never ending
 * between the halves of a surrogate pair; with `first` (nothing in the piece yet), at least one
 * character, so every piece carries something.
 */
function unitsFitting(text: string, from: number, room: number, first: boolean): number {
  let bytes = 0;
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const pair = isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1));
    const cost = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + cost > room && !(first && i === from)) break;
    bytes += cost;
    i += pair ? 2 : 1;
  }
  return i - from;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
