import { describe, expect, it } from 'vitest';
import { afterFailure, backoffCeiling, type FailureStep } from '../../src/jobs/job-backoff.js';

const NOW = Date.UTC(2026, 0, 1);
const policy = { maxAttempts: 5, backoffMs: 1_000, backoffMaxMs: 5_000 };

// Issue 6 point 6: handler failures back off exponentially with jitter, capped, then park.
describe('job failure backoff', () => {
  it.each<[string, number, number, FailureStep]>([
    ['the first failure, least jitter', 1, 0, { kind: 'retry', at: NOW + 500 }],
    ['the first failure, most jitter', 1, 0.999_999, { kind: 'retry', at: NOW + 999 }],
    ['the second failure doubles the wait', 2, 0, { kind: 'retry', at: NOW + 1_000 }],
    ['the third failure doubles it again', 3, 0.5, { kind: 'retry', at: NOW + 3_000 }],
    ['the fourth failure is capped', 4, 0, { kind: 'retry', at: NOW + 2_500 }],
    ['the last allowed failure parks the job', 5, 0, { kind: 'park' }],
    ['a failure past the budget parks it too', 9, 0, { kind: 'park' }],
  ])('%s', (_name, attempts, random, expected) => {
    expect(afterFailure({ attempts, policy, now: NOW, random: () => random })).toEqual(expected);
  });

  it('never waits more than the cap, however many failures', () => {
    const wide = { ...policy, maxAttempts: 10_000 };
    for (const attempts of [10, 31, 64, 1_000]) {
      expect(backoffCeiling(attempts, wide)).toBe(5_000);
      const step = afterFailure({ attempts, policy: wide, now: NOW, random: () => 0.999 });
      expect(step).toMatchObject({ kind: 'retry' });
      expect(step.kind === 'retry' && step.at - NOW).toBeLessThanOrEqual(5_000);
    }
  });

  it('parks on the first failure when one attempt is allowed', () => {
    expect(afterFailure({ attempts: 1, policy: { ...policy, maxAttempts: 1 }, now: NOW })).toEqual({
      kind: 'park',
    });
  });
});
