import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobSignal } from '../../src/jobs/job-signal.js';

/** Tracks whether a promise has settled, without awaiting it. */
function track(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

describe('job signal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not lose a notify that came before the wait', async () => {
    const signal = new JobSignal();
    signal.notify();
    const wait = track(signal.wait(60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('remembers notifies made while nobody waits as one wake-up, not many', async () => {
    const signal = new JobSignal();
    signal.notify();
    signal.notify();
    await signal.wait(60_000);
    const second = track(signal.wait(1_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(second.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(second.done).toBe(true);
  });

  it('times out when nothing notifies', async () => {
    const signal = new JobSignal();
    const wait = track(signal.wait(500));
    await vi.advanceTimersByTimeAsync(499);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
  });

  it('treats a negative timeout as no wait at all', async () => {
    const wait = track(new JobSignal().wait(-5));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('wakes a waiter before its timeout', async () => {
    const signal = new JobSignal();
    const wait = track(signal.wait(60_000));
    await vi.advanceTimersByTimeAsync(10);
    expect(wait.done).toBe(false);
    signal.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes every waiter on one notify', async () => {
    const signal = new JobSignal();
    const waits = [
      track(signal.wait(60_000)),
      track(signal.wait(60_000)),
      track(signal.wait(60_000)),
    ];
    signal.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(waits.map((w) => w.done)).toEqual([true, true, true]);
  });

  it('remembers a notify that follows a timed-out wait', async () => {
    const signal = new JobSignal();
    await Promise.all([signal.wait(100), vi.advanceTimersByTimeAsync(100)]);
    signal.notify();
    const next = track(signal.wait(60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(next.done).toBe(true);
  });
});
