import type { FastifyReply } from 'fastify';
import { parseMetadata, type Metadata } from './metadata.js';

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

  /** The serialised page with each slot replaced, or undefined when the slots do not match. */
  splice(serialised: string): string | undefined {
    let out = '';
    let from = 0;
    let found = 0;
    for (
      let at = serialised.indexOf(SLOT_OPEN);
      at >= 0;
      at = serialised.indexOf(SLOT_OPEN, from)
    ) {
      const end = serialised.indexOf(SLOT_CLOSE, at + SLOT_OPEN.length);
      const index = Number(serialised.slice(at + SLOT_OPEN.length, end));
      const text = end < 0 ? undefined : this.texts[index];
      if (text === undefined) return undefined;
      out += serialised.slice(from, at) + text;
      from = end + SLOT_CLOSE.length;
      found += 1;
    }
    return found === this.texts.length ? out + serialised.slice(from) : undefined;
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
 */
export function sendWithStoredMetadata<Page extends { data: { metadata: Metadata }[] }>(
  reply: FastifyReply,
  page: Page,
  stored: StoredMetadata,
): FastifyReply {
  const serialised = reply.serialize(page);
  const spliced = typeof serialised === 'string' ? stored.splice(serialised) : undefined;
  if (spliced === undefined) return reply.send(stored.restore(page, page.data));
  return reply.type('application/json; charset=utf-8').send(spliced);
}
