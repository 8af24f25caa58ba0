import { parseDateTime } from './date-time.js';
import { invalidData } from './errors.js';

/** A list's creation-time window in ms: `from` inclusive, `to` exclusive; either may be open. */
export interface CreatedAtRange {
  from: number | undefined;
  to: number | undefined;
}

/**
 * `createdAtFrom` / `createdAtTo` of a list's query (RFC 3339, already checked by the schema's
 * `date-time` format, read by lib/date-time.ts: a leap second is 23:59:59.999) as a half-open window [from, to), so adjacent windows neither overlap nor
 * leave a gap. `to` not after `from` is a 400 INVALID_DATA rather than an always-empty list
 * (docs/api.md "Events feed", "Operations").
 */
export function createdAtRange(query: {
  createdAtFrom?: string | undefined;
  createdAtTo?: string | undefined;
}): CreatedAtRange {
  const read = (text: string | undefined) => (text === undefined ? undefined : parseDateTime(text));
  const from = read(query.createdAtFrom);
  const to = read(query.createdAtTo);
  for (const [name, text, value] of [
    ['createdAtFrom', query.createdAtFrom, from],
    ['createdAtTo', query.createdAtTo, to],
  ] as const) {
    if (text !== undefined && value === undefined) {
      throw invalidData([
        {
          pointer: `/${name}`,
          in: 'query',
          code: 'INVALID_FORMAT',
          detail: `${name} is not a time.`,
        },
      ]);
    }
  }
  if (from !== undefined && to !== undefined && from >= to) {
    throw invalidData([
      {
        pointer: '/createdAtTo',
        in: 'query',
        code: 'OUT_OF_RANGE',
        detail: 'createdAtTo (exclusive) must be later than createdAtFrom (inclusive).',
      },
    ]);
  }
  return { from, to };
}
