import { describe, expect, it } from 'vitest';
import {
  parseTraceparent,
  parseTracestate,
  traceContextFrom,
} from '../../src/observability/tracing-w3c.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const VALID = `00-${TRACE}-${SPAN}-01`;

describe('W3C traceparent parsing', () => {
  it.each([
    ['a sampled version-00 header', VALID, { traceId: TRACE, spanId: SPAN, flags: 1 }],
    ['an unsampled one', `00-${TRACE}-${SPAN}-00`, { traceId: TRACE, spanId: SPAN, flags: 0 }],
    [
      'a future version with more fields, read by its version-00 prefix',
      `cc-${TRACE}-${SPAN}-01-what-the-future-holds`,
      { traceId: TRACE, spanId: SPAN, flags: 1 },
    ],
  ])('accepts %s', (_, value, expected) => {
    expect(parseTraceparent(value)).toEqual(expected);
  });

  it.each([
    ['an absent header', undefined],
    ['a repeated header (joined by Node)', `${VALID}, ${VALID}`],
    ['upper-case hex', VALID.toUpperCase()],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['extra fields on version 00', `${VALID}-x`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['an all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['a future version glued to more text', `cc-${TRACE}-${SPAN}-01x`],
    ['an over-long value', `cc-${TRACE}-${SPAN}-01-${'a'.repeat(600)}`],
    ['not a string', ['a', 'b']],
  ])('ignores %s', (_, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});

describe('W3C tracestate parsing', () => {
  it('keeps valid members, trimming optional whitespace and empty members', () => {
    expect(parseTracestate(' congo=t61rcWkgMzE ,, rojo=00f067aa0ba902b7')).toBe(
      'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7',
    );
    expect(parseTracestate('tenant@vendor=x')).toBe('tenant@vendor=x');
  });

  it.each([
    ['an upper-case key', 'Congo=1'],
    ['a key repeated', 'a=1,a=2'],
    ['a value containing "="', 'a=b=c'],
    ['more than 32 members', Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',')],
    ['more than 512 characters', `a=${'x'.repeat(600)}`],
    ['nothing but commas', ',,'],
  ])('refuses %s', (_, value) => {
    expect(parseTracestate(value)).toBeUndefined();
  });

  it('drops an invalid tracestate but keeps the traceparent beside it', () => {
    expect(traceContextFrom({ traceparent: VALID, tracestate: 'Bad=1' })).toEqual({
      traceparent: VALID,
    });
    expect(traceContextFrom({ traceparent: 'nope', tracestate: 'a=1' })).toBeUndefined();
    expect(
      traceContextFrom({ traceparent: `cc-${TRACE}-${SPAN}-01-more`, tracestate: 'a=1' }),
    ).toEqual({ traceparent: VALID, tracestate: 'a=1' });
  });
});
