import { describe, expect, it } from 'vitest';
import { ListenHub } from '../../src/webhooks/listen/listen-hub.js';
import { ListenSignal } from '../../src/webhooks/listen/listen-signal.js';

const hubOf = (perCustomer: number, perProcess: number) => {
  const signal = new ListenSignal();
  return { signal, hub: new ListenHub({ perCustomer, perProcess }, signal) };
};
const opened = (outcome: ReturnType<ListenHub['open']>) => {
  if (outcome.kind !== 'opened') throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome.stream;
};

describe('the listen hub', () => {
  it("refuses a customer's stream past its limit, not another customer's", () => {
    const { hub } = hubOf(2, 10);
    opened(hub.open('cus_a', 'sub_1'));
    opened(hub.open('cus_a', 'sub_2'));
    expect(hub.open('cus_a', 'sub_3')).toEqual({ kind: 'refused', scope: 'customer', limit: 2 });
    opened(hub.open('cus_b', 'sub_4'));
    expect(hub.count('cus_a')).toBe(2);
    expect(hub.count()).toBe(3);
  });

  it('refuses any stream past the process limit', () => {
    const { hub } = hubOf(5, 2);
    opened(hub.open('cus_a', 'sub_1'));
    opened(hub.open('cus_b', 'sub_2'));
    expect(hub.open('cus_c', 'sub_3')).toEqual({ kind: 'refused', scope: 'process', limit: 2 });
  });

  it('gives the slot back once, whatever ended the stream', () => {
    const { hub } = hubOf(1, 10);
    const stream = opened(hub.open('cus_a', 'sub_1'));
    stream.release();
    stream.release();
    expect(hub.count()).toBe(0);
    opened(hub.open('cus_a', 'sub_2'));
    expect(hub.count('cus_a')).toBe(1);
  });

  it("replaces a subscription's open stream without counting it twice", () => {
    const { hub } = hubOf(1, 1);
    const old = opened(hub.open('cus_a', 'sub_1'));
    const fresh = opened(hub.open('cus_a', 'sub_1'));
    expect(old.ended).toBe('replaced');
    expect(fresh.ended).toBeUndefined();
    // The replaced stream's own release does not free the new one's slot.
    old.release();
    expect(hub.count('cus_a')).toBe(1);
    expect(hub.open('cus_a', 'sub_2').kind).toBe('refused');
    fresh.release();
    expect(hub.count()).toBe(0);
  });

  it('wakes the streams a signal names, every stream when it names none, and remembers a wake that came while busy', async () => {
    const { hub, signal } = hubOf(5, 10);
    const one = opened(hub.open('cus_a', 'sub_1'));
    const two = opened(hub.open('cus_a', 'sub_2'));
    const waiting = one.wait(60_000);
    signal.wake('sub_1');
    expect(await waiting).toBe(true);
    // Not waiting when woken: the next wait returns at once, and only once.
    signal.wake('sub_2');
    expect(await two.wait(60_000)).toBe(true);
    expect(await two.wait(1)).toBe(false);
    signal.wake();
    expect(await Promise.all([one.wait(60_000), two.wait(60_000)])).toEqual([true, true]);
    hub.endAll();
    expect([one.ended, two.ended]).toEqual(['draining', 'draining']);
  });
});
