import { describe, expect, it } from 'vitest';
import { nextStep, type NextStep } from '../../src/webhooks/delivery/retry-policy.js';

const NOW = Date.UTC(2026, 0, 1);
const policy = { maxRetries: 3, delayMs: 5_000 };

// Spec section 3 "Delivery attempt" and section 8: any 2xx settles the message; a failure is
// retried after a fixed delay while the budget lasts, only if the subscription allows retries.
describe('retry policy', () => {
  it.each<[string, { ok: boolean; allowRetry: boolean; attemptsMade: number }, NextStep]>([
    [
      'a first attempt that succeeded',
      { ok: true, allowRetry: true, attemptsMade: 1 },
      { kind: 'succeeded' },
    ],
    [
      'a success without retries allowed',
      { ok: true, allowRetry: false, attemptsMade: 1 },
      { kind: 'succeeded' },
    ],
    [
      'a success on the last retry',
      { ok: true, allowRetry: true, attemptsMade: 4 },
      { kind: 'succeeded' },
    ],
    [
      'a failed first attempt with retries allowed',
      { ok: false, allowRetry: true, attemptsMade: 1 },
      { kind: 'retry', at: NOW + 5_000 },
    ],
    [
      'a failed first retry',
      { ok: false, allowRetry: true, attemptsMade: 2 },
      { kind: 'retry', at: NOW + 5_000 },
    ],
    [
      'a failed second-to-last retry',
      { ok: false, allowRetry: true, attemptsMade: 3 },
      { kind: 'retry', at: NOW + 5_000 },
    ],
    ['a failed last retry', { ok: false, allowRetry: true, attemptsMade: 4 }, { kind: 'failed' }],
    [
      'a failure past the budget',
      { ok: false, allowRetry: true, attemptsMade: 9 },
      { kind: 'failed' },
    ],
    [
      'a failed first attempt without retries allowed',
      { ok: false, allowRetry: false, attemptsMade: 1 },
      { kind: 'failed' },
    ],
  ])('decides %s', (_, input, expected) => {
    expect(nextStep({ ...input, policy, now: NOW })).toEqual(expected);
  });

  it('never retries when the budget is zero', () => {
    expect(
      nextStep({
        ok: false,
        allowRetry: true,
        attemptsMade: 1,
        policy: { maxRetries: 0, delayMs: 1 },
        now: NOW,
      }),
    ).toEqual({ kind: 'failed' });
  });

  it('makes 1 + maxRetries attempts in all, each due the fixed delay after the previous one', () => {
    for (const maxRetries of [0, 1, 3, 4]) {
      const schedule: number[] = [];
      let at = NOW;
      for (let attemptsMade = 1; ; attemptsMade++) {
        schedule.push(at);
        const step = nextStep({
          ok: false,
          allowRetry: true,
          attemptsMade,
          policy: { maxRetries, delayMs: 60_000 },
          now: at,
        });
        if (step.kind !== 'retry') break;
        at = step.at;
      }
      expect(schedule).toEqual(Array.from({ length: 1 + maxRetries }, (_, i) => NOW + i * 60_000));
    }
  });
});
