/**
 * The SPI's calendar day, the unit of the PIX daily report. The Central Bank's instant payment
 * system (SPI) keeps Brasília time, America/Sao_Paulo, which has been UTC−03:00 all year since
 * Brazil abolished daylight saving time in 2019 (Decree 9,772 of 2019): a day is a fixed 24 hours
 * from 03:00 UTC, with no time-zone database needed. Should Brazil bring daylight saving back,
 * this file is the one place to change.
 */
const OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

export interface SpiDay {
  /** YYYY-MM-DD in America/Sao_Paulo. */
  day: string;
  /** The day's first millisecond and the first of the next day (epoch ms): [start, end). */
  start: number;
  end: number;
}

/** The day named `YYYY-MM-DD`, or undefined when the text is not a calendar date. */
export function spiDay(text: string): SpiDay | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnightUtc = Date.UTC(year, month - 1, date);
  // Date.UTC rolls 2026-02-30 over into March: a date that does not round-trip does not exist.
  if (new Date(midnightUtc).toISOString().slice(0, 10) !== text) return undefined;
  return { day: text, start: midnightUtc + OFFSET_MS, end: midnightUtc + OFFSET_MS + DAY_MS };
}

/** The SPI day `at` falls in. */
export function spiDayOf(at: number): SpiDay {
  const midnightUtc = Math.floor((at - OFFSET_MS) / DAY_MS) * DAY_MS;
  return spiDay(new Date(midnightUtc).toISOString().slice(0, 10))!;
}

/** The last SPI day that has ended at `now`: yesterday in Brasília. */
export function lastCompleteDay(now: number): SpiDay {
  return spiDayOf(spiDayOf(now).start - 1);
}
