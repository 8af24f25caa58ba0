/** Time comes from here, so tests can move it. Milliseconds since the Unix epoch. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: past it (and before 1970) toISOString's own format is used. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** `YYYY-MM-DDT` of recent days, by day number since the epoch; cleared when full. */
const dayPrefixes = new Map<number, string>();
const MAX_DAYS_KEPT = 4096;

/**
 * Epoch milliseconds as UTC ISO-8601 with milliseconds (`2026-01-01T00:00:00.000Z`), exactly as
 * `Date#toISOString`, which it replaces on the read path: a list page formats two timestamps per
 * row, and creating a Date and formatting it costs about three times this (docs/performance.md
 * "Issue 28"). The date part is formatted once per day and kept; the time of day is cut from the
 * milliseconds with integer arithmetic and table lookups. Outside 1970 to year 9999, or for a
 * non-integer, Date does it (and throws for a non-finite value, as before).
 */
export function toIso(ms: number): string {
  if (!(ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS) || !Number.isInteger(ms)) {
    return new Date(ms).toISOString();
  }
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= MAX_DAYS_KEPT) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  return `${prefix}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}.${THREE_DIGITS[milli]}Z`;
}
