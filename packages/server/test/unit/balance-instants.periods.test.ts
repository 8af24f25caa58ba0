import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { parseInstant, resolvePeriod } from '../../src/modules/accounts/balance-instants.js';

const NOW = Date.UTC(2026, 10, 22, 12);
const OPENED = Date.UTC(2026, 10, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** The field errors of what `fn` throws (an AppError INVALID_DATA). */
function errorsOf(fn: () => unknown): [string, string][] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_DATA');
    return ((error as AppError).errors ?? []).map((e) => [e.pointer, e.code]);
  }
  throw new Error('did not throw');
}

describe('balance instants', () => {
  it.each([
    ['2026-11-22T12:00:00Z', NOW],
    ['2026-11-22T09:00:00-03:00', NOW],
    ['2026-11-22T11:59:59.999+00:00', NOW - 1],
    ['2026-11-22T11:59:59.9999999Z', NOW - 1],
    ['2016-12-31T23:59:60Z', Date.UTC(2016, 11, 31, 23, 59, 59, 999)],
    ['1969-12-31T23:59:59Z', -1000],
  ])('reads %s to the millisecond', (text, ms) => {
    expect(parseInstant(text, 'at', NOW)).toBe(ms);
  });

  it('refuses an instant after now, and one it cannot read, pointing at the parameter', () => {
    expect(errorsOf(() => parseInstant(iso(NOW + 1), 'at', NOW))).toEqual([
      ['/at', 'OUT_OF_RANGE'],
    ]);
    expect(errorsOf(() => parseInstant('not a time', 'at', NOW))).toEqual([
      ['/at', 'INVALID_FORMAT'],
    ]);
  });

  it('has no period without from and to', () => {
    expect(resolvePeriod({}, OPENED, NOW)).toBeUndefined();
  });

  it('defaults from to the opening (or to, if earlier) and to to now', () => {
    expect(resolvePeriod({ to: iso(NOW - 10) }, OPENED, NOW)).toEqual({
      from: OPENED,
      to: NOW - 10,
    });
    expect(resolvePeriod({ from: iso(OPENED + 5) }, OPENED, NOW)).toEqual({
      from: OPENED + 5,
      to: NOW,
    });
    expect(resolvePeriod({ to: iso(OPENED - 5) }, OPENED, NOW)).toEqual({
      from: OPENED - 5,
      to: OPENED - 5,
    });
  });

  it('accepts from equal to to, refuses from after to, and reports both bad ends at once', () => {
    expect(resolvePeriod({ from: iso(OPENED), to: iso(OPENED) }, OPENED, NOW)).toEqual({
      from: OPENED,
      to: OPENED,
    });
    expect(
      errorsOf(() => resolvePeriod({ from: iso(NOW - 1), to: iso(NOW - 2) }, OPENED, NOW)),
    ).toEqual([['/to', 'OUT_OF_RANGE']]);
    expect(errorsOf(() => resolvePeriod({ from: 'x', to: iso(NOW + 1) }, OPENED, NOW))).toEqual([
      ['/from', 'INVALID_FORMAT'],
      ['/to', 'OUT_OF_RANGE'],
    ]);
  });
});
