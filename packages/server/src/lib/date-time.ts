/**
 * The one reading of a date-time in a request (`?at=`, `from`, `to`, `createdAtFrom`,
 * `createdAtTo`, `since`, `expiresAt`; docs/api.md "General"). It takes exactly what the schemas'
 * `date-time` format takes (RFC 3339 section 5.6, as ajv-formats checks it): `T`, `t` or a space
 * between date and time; `Z`, `z` or an offset `±hh:mm`, `±hhmm` or `±hh`; any number of
 * fraction digits, read to the millisecond (the rest dropped). `Date.parse` takes other forms and
 * refuses some of these (`+00`, a leap second), so each route read them differently.
 *
 * A leap second, `23:59:60` (in UTC), is read as `23:59:59.999`: JavaScript time has no leap
 * seconds, and the last millisecond of that minute is the latest instant this API can name
 * within it (nothing is ever booked between it and the next minute).
 */

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

const MINUTES_PER_DAY = 24 * 60;

/** Epoch milliseconds of `text`, or undefined when it is not an RFC 3339 date-time. */
export function parseDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = match[7] ?? '';
  const sign = match[9] === '-' ? -1 : 1;
  const offsetHours = Number(match[10] ?? 0);
  const offsetMinutes = Number(match[11] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) {
    return undefined;
  }
  const offset = sign * (offsetHours * 60 + offsetMinutes);
  const leap = second === 60;
  // RFC 3339 section 5.7: a leap second is the last second of a UTC day.
  const utcMinute =
    (((hour * 60 + minute - offset) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (leap && utcMinute !== MINUTES_PER_DAY - 1) return undefined;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(
    hour,
    minute,
    leap ? 59 : second,
    leap ? 999 : Number(fraction.slice(0, 3).padEnd(3, '0')),
  );
  return date.getTime() - offset * 60_000;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
