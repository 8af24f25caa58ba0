import { describe, expect, it } from 'vitest';
import { parseMetadata } from '../../src/lib/metadata.js';

// A stored metadata column as the view shows it (lib/metadata.ts).
describe('parseMetadata', () => {
  it.each([
    [null, {}],
    ['', {}],
    ['{}', {}],
    ['{"orderId":"42"}', { orderId: '42' }],
    ['[]', {}],
    ['null', {}],
  ])('%j → %j', (column, expected) => {
    expect(parseMetadata(column)).toEqual(expected);
  });

  it('gives a fresh object for an empty column each time, never one shared between rows', () => {
    const first = parseMetadata('{}');
    first.changed = 'yes';
    expect(parseMetadata('{}')).toEqual({});
  });
});
