import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parseDateTime } from '../../src/lib/date-time.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const format = addFormats(new Ajv()).compile({ type: 'string', format: 'date-time' });

const LEAP = Date.UTC(2016, 11, 31, 23, 59, 59, 999);

describe('parseDateTime', () => {
  it.each([
    ['2026-11-22T08:50:00Z', Date.UTC(2026, 10, 22, 8, 50)],
    ['2026-11-22T08:50:00.123456789Z', Date.UTC(2026, 10, 22, 8, 50, 0, 123)],
    ['2026-11-22T08:50:00.1Z', Date.UTC(2026, 10, 22, 8, 50, 0, 100)],
    ['2026-11-22t08:50:00z', Date.UTC(2026, 10, 22, 8, 50)],
    ['2026-11-22 08:50:00Z', Date.UTC(2026, 10, 22, 8, 50)],
    ['2026-11-22T05:50:00-03:00', Date.UTC(2026, 10, 22, 8, 50)],
    ['2026-11-22T05:50:00-0300', Date.UTC(2026, 10, 22, 8, 50)],
    ['2026-11-22T08:50:00+00', Date.UTC(2026, 10, 22, 8, 50)],
    ['2026-11-22T08:50:00-00:00', Date.UTC(2026, 10, 22, 8, 50)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['0000-01-01T00:00:00Z', -62_167_219_200_000],
    ['0099-12-31T23:59:59Z', -59_011_459_201_000],
    ['9999-12-31T23:59:59.999Z', 253_402_300_799_999],
    // A leap second is the last millisecond of its minute, in any offset that names it.
    ['2016-12-31T23:59:60Z', LEAP],
    ['2016-12-31T23:59:60.5Z', LEAP],
    ['2016-12-31T20:59:60-03:00', LEAP],
    ['2017-01-01T00:59:60+01:00', LEAP],
  ])('reads %s', (text, ms) => {
    expect(format(text), 'the schema format takes it').toBe(true);
    expect(parseDateTime(text)).toBe(ms);
  });

  it.each([
    '2026-02-29T00:00:00Z',
    '2026-11-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T08:60:00Z',
    '2026-11-22T08:50:61Z',
    '2026-11-22T12:59:60Z', // a leap second is 23:59:60 in UTC only
    '2026-11-22T08:50:00',
    '2026-11-22T08:50Z',
    '2026-11-22T08:50:00.Z',
    '2026-11-22T08:50:00+24:00',
    '2026-11-22',
    'yesterday',
  ])('refuses %s, as the schema format does', (text) => {
    expect(format(text)).toBe(false);
    expect(parseDateTime(text)).toBeUndefined();
  });
});
