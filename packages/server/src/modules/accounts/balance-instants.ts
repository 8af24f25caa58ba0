import { parseDateTime } from '../../lib/date-time.js';
import { invalidData, type FieldError } from '../../lib/errors.js';

/**
 * The instants of the balances and statement queries (`at`, `from`, `to`): RFC 3339 with a time
 * zone (the schema's `date-time` format checks that), read to the millisecond, never in the
 * future (docs/api.md "Balances and statement"). Pure: `now` is the caller's clock.
 */

type InstantParameter = 'at' | 'from' | 'to';

/** A statement's period (from, to], in milliseconds. */
export interface Period {
  from: number;
  to: number;
}

/** `at` as milliseconds; throws 400 INVALID_DATA pointing at it when unreadable or future. */
export function parseInstant(text: string, name: InstantParameter, now: number): number {
  const errors: FieldError[] = [];
  const ms = readInstant(text, name, now, errors);
  if (ms === undefined) throw invalidData(errors);
  return ms;
}

/**
 * The period of a statement query, or undefined when it gives neither `from` nor `to` (the
 * statement then has no period). Without `from` the period starts when the account was opened
 * (or at `to`, if that is earlier); without `to` it ends now. Every problem is reported at once.
 */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  openedAt: number,
  now: number,
): Period | undefined {
  if (query.from === undefined && query.to === undefined) return undefined;
  const errors: FieldError[] = [];
  const from = query.from === undefined ? undefined : readInstant(query.from, 'from', now, errors);
  const to = query.to === undefined ? now : readInstant(query.to, 'to', now, errors);
  if (errors.length > 0 || to === undefined) throw invalidData(errors);
  if (from !== undefined && from > to) {
    throw invalidData([
      {
        pointer: '/to',
        in: 'query',
        code: 'OUT_OF_RANGE',
        detail: 'to must not be earlier than from.',
      },
    ]);
  }
  return { from: from ?? Math.min(openedAt, to), to };
}

function readInstant(
  text: string,
  name: InstantParameter,
  now: number,
  errors: FieldError[],
): number | undefined {
  // A leap second (23:59:60) reads as 23:59:59.999 (lib/date-time.ts).
  const ms = parseDateTime(text);
  if (ms === undefined) {
    errors.push({
      pointer: `/${name}`,
      in: 'query',
      code: 'INVALID_FORMAT',
      detail: `${name} is not an RFC 3339 time.`,
    });
    return undefined;
  }
  if (ms > now) {
    // A balance at a future instant is not known yet (entries may still be booked before it).
    errors.push({
      pointer: `/${name}`,
      in: 'query',
      code: 'OUT_OF_RANGE',
      detail: `${name} is in the future; ask for an instant up to now.`,
    });
    return undefined;
  }
  return ms;
}
