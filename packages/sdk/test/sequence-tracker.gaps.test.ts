import { describe, expect, it } from 'vitest';
import {
  createSequenceTracker,
  generateWebhookSecret,
  signTestWebhook,
  verifyWebhookMessage,
} from '../src/webhooks/index.js';

describe('createSequenceTracker', () => {
  it('reports nothing missing while the numbers arrive in order', () => {
    const tracker = createSequenceTracker();
    for (const n of [1, 2, 3]) expect(tracker.record(n)).toBe(true);
    expect(tracker.gaps()).toEqual([]);
    expect(tracker.contiguousThrough).toBe(3);
    expect(tracker.highest).toBe(3);
  });

  it('reports the numbers skipped as runs, and closes a run when a late one arrives', () => {
    const tracker = createSequenceTracker();
    for (const n of [1, 4, 5, 8]) tracker.record(n);
    expect(tracker.gaps()).toEqual([
      { from: 2, to: 3 },
      { from: 6, to: 7 },
    ]);
    expect(tracker.contiguousThrough).toBe(1);
    tracker.record(3);
    tracker.record(2);
    expect(tracker.gaps()).toEqual([{ from: 6, to: 7 }]);
    expect(tracker.contiguousThrough).toBe(5);
    tracker.record(7);
    tracker.record(6);
    expect(tracker.gaps()).toEqual([]);
    expect(tracker.contiguousThrough).toBe(8);
  });

  it('reports the first numbers missing when the first delivery is not 1', () => {
    const tracker = createSequenceTracker();
    tracker.record(3);
    expect(tracker.gaps()).toEqual([{ from: 1, to: 2 }]);
  });

  it('starts after a stored watermark and treats numbers at or below it, and repeats, as seen', () => {
    const tracker = createSequenceTracker({ after: 41 });
    expect(tracker.record(41)).toBe(false);
    expect(tracker.record(7)).toBe(false);
    expect(tracker.record(43)).toBe(true);
    expect(tracker.record(43)).toBe(false);
    expect(tracker.gaps()).toEqual([{ from: 42, to: 42 }]);
    expect(tracker.contiguousThrough).toBe(41);
  });

  it('with olderThanMs, reports only numbers missing for at least that long', () => {
    let now = 1_000_000;
    const tracker = createSequenceTracker({ now: () => now });
    tracker.record(1);
    tracker.record(3); // 2 missing since now
    now += 60_000;
    tracker.record(6); // 4 and 5 missing since now
    expect(tracker.gaps({ olderThanMs: 60_000 })).toEqual([{ from: 2, to: 2 }]);
    expect(tracker.gaps({ olderThanMs: 120_000 })).toEqual([]);
    now += 60_000;
    expect(tracker.gaps({ olderThanMs: 60_000 })).toEqual([
      { from: 2, to: 2 },
      { from: 4, to: 5 },
    ]);
    tracker.record(4);
    expect(tracker.gaps({ olderThanMs: 60_000 })).toEqual([
      { from: 2, to: 2 },
      { from: 5, to: 5 },
    ]);
  });

  it('refuses a number that is not a positive integer', () => {
    const tracker = createSequenceTracker();
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => tracker.record(bad)).toThrow(RangeError);
    expect(() => createSequenceTracker({ after: -1 })).toThrow(RangeError);
  });

  it('takes the sequence verifyWebhookMessage reads from either format', () => {
    const secret = generateWebhookSecret();
    const payload = {
      id: 'evt_1',
      type: 'ACCOUNT_CREATED',
      resource: 'ACCOUNT',
      atTime: new Date().toISOString(),
      data: {},
    };
    const tracker = createSequenceTracker();
    for (const [format, sequence] of [
      ['cofre', 1],
      ['standard-webhooks', 3],
    ] as const) {
      const { body, headers } = signTestWebhook({ secret, payload, format, sequence });
      const verified = verifyWebhookMessage(body, headers, secret);
      expect(verified.sequence).toBe(sequence);
      tracker.record(verified.sequence!);
    }
    expect(tracker.gaps()).toEqual([{ from: 2, to: 2 }]);
    const { body, headers } = signTestWebhook({ secret, payload });
    expect(verifyWebhookMessage(body, headers, secret).sequence).toBeUndefined();
    expect(
      verifyWebhookMessage(body, { ...headers, 'x-message-sequence': 'x' }, secret).sequence,
    ).toBeUndefined();
  });
});
