import { describe, expect, it } from 'vitest';
import * as seam from '@cofre/server/internals';

// bench/ imports these by name from `@cofre/server/internals` (packages/server/src/internals.ts).
// A refactor that drops or renames one must fail here, in the suite, not in a benchmark run.
describe('the internal seam the benchmarks use', () => {
  it.each([
    'deliveryHeaders',
    'recordEvent',
    'expandEvent',
    'findFanOutEvent',
    'JobQueue',
    'transact',
    'backfillSubscriptionHealth',
  ])('exports %s as a function', (name) => {
    expect(typeof (seam as Record<string, unknown>)[name]).toBe('function');
  });
});
