import type { FastifyReply } from 'fastify';
import { parseMetadata, type Metadata } from './metadata.js';
import { PACED_WRITE_BYTES, PacedBody } from './paced-body.js';

/**
 * A list page whose items' `metadata` is written into the response as stored, not parsed and
 * serialised again.
 *
 * Why: a page of 100 items with 50 pairs of 500 characters each is 2.5 MB of metadata. Parsing
 * it into objects and having the route's serialiser escape every value again took most of a
 * page's CPU, in long uninterrupted stretches that delayed every other customer's requests
 * (issue 23 point 6, docs/operations.md "The noisy-neighbour rule"). The column already holds
 * exactly the JSON the view shows: it is written only by `serializeMetadata` (JSON.stringify of
 * a validated object of strings).
 *
 * How: while the page's views are built, each item's `metadata` is a slot, `{"\u0000": "<n>"}`,
 * and the stored texts are kept in `texts[n]`. The page is serialised by the route's own
 * serialiser (so every other member keeps its schema), then each slot's text is replaced by the
 * stored JSON. A slot cannot be forged by data: its key is U+0000, which no metadata key may
 * contain (lib/metadata.ts), and in serialised JSON the sequence `{"\u0000":"` can only be
 * structure, since every `"` inside a string is escaped.
 */
export class StoredMetadata {
  readonly texts: string[] = [];

  /** The view's `metadata` for a row whose column holds `text`. */
  slot(text: string): Metadata {
    // A column that is not an object's JSON (never written by cofre) is parsed as a view would.
    const json =
      text.startsWith('{') && text.endsWith('}') ? text : JSON.stringify(parseMetadata(text));
    this.texts.push(json);
    return { '\u0000': String(this.texts.length - 1) };
  }

  /**
   * The serialised page with each slot replaced, as its parts in order (never joined here: see
   * lib/paced-body.ts), or undefined when the slots do not match.
   */
  splice(serialised: string): string[] | undefined {
    const parts: string[] = [];
    let from = 0;
    for (
      let at = serialised.indexOf(SLOT_OPEN);
      at >= 0;
      at = serialised.indexOf(SLOT_OPEN, from)
    ) {
      const end = serialised.indexOf(SLOT_CLOSE, at + SLOT_OPEN.length);
      const index = Number(serialised.slice(at + SLOT_OPEN.length, end));
      const text = end < 0 ? undefined : this.texts[index];
      if (text === undefined) return undefined;
      parts.push(serialised.slice(from, at), text);
      from = end + SLOT_CLOSE.length;
    }
    parts.push(serialised.slice(from));
    return parts.length === 2 * this.texts.length + 1 ? parts : undefined;
  }

  /** The slots put back as objects: the page as it would be without this shortcut. */
  restore<Page>(page: Page, items: readonly { metadata: Metadata }[]): Page {
    for (const item of items) {
      const index = item.metadata['\u0000'];
      if (index !== undefined) item.metadata = JSON.parse(this.texts[Number(index)]!) as Metadata;
    }
    return page;
  }
}

const SLOT_OPEN = '{"\\u0000":"';
const SLOT_CLOSE = '"}';

/**
 * Sends a page whose items' metadata are `stored`'s slots: serialised by the route's response
 * schema, slots replaced. Should the slots not be found as written (a serialiser that escapes
 * differently), the page is sent the ordinary way, with its metadata parsed.
 *
 * The page goes through Fastify's serialisation step like any other reply (its own serialiser
 * is the splice), so it is built in the customer's own turn of the event loop
 * (plugins/customer-concurrency.ts, its preSerialization hook), not in the turn its last query's
 * answer arrived in. A large page is handed on in its parts (lib/paced-body.ts): tagged for its
 * ETag and written without ever being one string.
 */
export function sendWithStoredMetadata<Page extends { data: { metadata: Metadata }[] }>(
  reply: FastifyReply,
  page: Page,
  stored: StoredMetadata,
): FastifyReply {
  const serialise = reply.getSerializationFunction(String(reply.statusCode));
  if (serialise === undefined) return reply.send(stored.restore(page, page.data));
  const build = (payload: Page): string | PacedBody => {
    const parts = stored.splice(serialise(payload));
    if (parts === undefined) return serialise(stored.restore(payload, payload.data));
    return isSmall(parts) ? parts.join('') : new PacedBody(parts);
  };
  // Fastify passes what a reply's serialiser returns to the onSend hooks as it is, and sends a
  // stream as a stream (reply.js preSerializationHookEnd, onSendEnd); its type says string.
  return reply
    .type('application/json; charset=utf-8')
    .serializer(build as (payload: Page) => string)
    .send(page);
}

/** Under a piece's worth whatever its characters: sent as one text. */
function isSmall(parts: readonly string[]): boolean {
  let units = 0;
  for (const part of parts) units += part.length;
  return units * 3 <= PACED_WRITE_BYTES;
}
