import { describe, expect, it } from 'vitest';
import { lastCompleteDay, spiDay, spiDayOf } from '../../src/rails/pix/report/spi-day.js';

// The PIX daily report's day is the SPI's, America/Sao_Paulo: UTC−03:00 all year since 2019.
describe('the SPI day of the PIX daily report', () => {
  it('runs from 03:00 UTC to 03:00 UTC the next day', () => {
    expect(spiDay('2026-11-20')).toEqual({
      day: '2026-11-20',
      start: Date.parse('2026-11-20T03:00:00.000Z'),
      end: Date.parse('2026-11-21T03:00:00.000Z'),
    });
  });

  it('keeps the same offset in what used to be summer time (no DST since 2019)', () => {
    expect(spiDay('2027-01-15')!.start).toBe(Date.parse('2027-01-15T03:00:00.000Z'));
  });

  it.each(['2026-02-30', '2026-13-01', '26-11-20', '2026-11-20T00:00', ''])(
    'refuses %j as a day',
    (text) => expect(spiDay(text)).toBeUndefined(),
  );

  it.each([
    ['2026-11-21T02:59:59.999Z', '2026-11-20'],
    ['2026-11-21T03:00:00.000Z', '2026-11-21'],
    ['2026-01-01T01:00:00.000Z', '2025-12-31'],
  ])('puts %s in %s', (at, day) => expect(spiDayOf(Date.parse(at)).day).toBe(day));

  it('reports, by default, the day before the one in Brasília now', () => {
    expect(lastCompleteDay(Date.parse('2026-11-21T02:00:00.000Z')).day).toBe('2026-11-19');
    expect(lastCompleteDay(Date.parse('2026-11-21T03:00:00.000Z')).day).toBe('2026-11-20');
  });
});
