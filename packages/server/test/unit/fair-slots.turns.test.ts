import { describe, expect, it } from 'vitest';
import { FairSlots, type ReleaseSlot } from '../../src/lib/fair-slots.js';

const granted = (slots: FairSlots, key: string): ReleaseSlot => {
  const decision = slots.acquire(key);
  if (decision.kind !== 'granted') throw new Error(`expected a slot, got ${decision.kind}`);
  return decision.release;
};

/** A place in `key`'s queue that notes `name` in `order` when its slot comes. */
const queued = (slots: FairSlots, key: string, order: string[], name: string) => {
  const decision = slots.acquire(key);
  if (decision.kind !== 'queued') throw new Error('expected to wait');
  return decision.granted.then((release) => {
    order.push(name);
    return release;
  });
};

describe('fair slots per key', () => {
  it('grants up to perKey slots at once, then queues, then refuses past maxWaiting', () => {
    const slots = new FairSlots(2, 1);
    granted(slots, 'a');
    granted(slots, 'a');
    expect(slots.acquire('a').kind).toBe('queued');
    expect(slots.acquire('a').kind).toBe('full');
    expect(slots.usage('a')).toEqual({ held: 2, waiting: 1 });
  });

  it("keeps keys apart: one key's queue never holds another key's slot", () => {
    const slots = new FairSlots(1, 5);
    granted(slots, 'a');
    expect(slots.acquire('a').kind).toBe('queued');
    expect(slots.acquire('b').kind).toBe('granted');
  });

  it('hands a released slot to the waiters in the order they came', async () => {
    const slots = new FairSlots(1, 5);
    const first = granted(slots, 'a');
    const order: string[] = [];
    const waiters = ['second', 'third'].map((name) => queued(slots, 'a', order, name));
    first();
    const second = await waiters[0]!;
    expect(order).toEqual(['second']);
    expect(slots.usage('a')).toEqual({ held: 1, waiting: 1 });
    second();
    (await waiters[1]!)();
    expect(order).toEqual(['second', 'third']);
    expect(slots.usage('a')).toEqual({ held: 0, waiting: 0 });
  });

  it('ignores a second release of the same slot', () => {
    const slots = new FairSlots(1, 0);
    const release = granted(slots, 'a');
    granted(slots, 'b');
    release();
    release();
    expect(slots.usage('a')).toEqual({ held: 0, waiting: 0 });
    granted(slots, 'a');
    expect(slots.acquire('a').kind).toBe('full');
  });

  it('forgets a key once nothing holds or awaits it', () => {
    const slots = new FairSlots(1, 1);
    granted(slots, 'a')();
    expect((slots as unknown as { keys: Map<string, unknown> }).keys.size).toBe(0);
  });

  it.each([
    [0, 1],
    [1.5, 1],
    [1, -1],
  ])('refuses perKey %s and maxWaiting %s', (perKey, maxWaiting) => {
    expect(() => new FairSlots(perKey, maxWaiting)).toThrow(RangeError);
  });
});

describe('fair slots shared between active keys', () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('gives a key alone perKey slots, and sharedPerKey while it dominates and another key is active', () => {
    const time = clock();
    const slots = new FairSlots(4, 10, { sharedPerKey: 1, activeMs: 1_000, now: time.now });
    granted(slots, 'a');
    granted(slots, 'a');
    time.advance(50); // a has held two slots for 50 ms: 100 ms of slots
    expect(slots.limitFor('a')).toBe(4);
    const b = granted(slots, 'b');
    expect(slots.limitFor('a')).toBe(1);
    expect(slots.acquire('a').kind).toBe('queued');
    // b, the light one, keeps its whole allowance beside a.
    expect(slots.limitFor('b')).toBe(4);
    granted(slots, 'b')();
    b();
    // b took a slot within the window: still active, so a keeps the shared allowance.
    expect(slots.acquire('a').kind).toBe('queued');
    time.advance(1_001);
    expect(slots.limitFor('a')).toBe(4);
  });

  it('lets the key that held slots longest share, whoever holds more now', () => {
    const time = clock();
    const slots = new FairSlots(3, 10, { sharedPerKey: 1, activeMs: 1_000, now: time.now });
    const a = granted(slots, 'a');
    time.advance(200);
    a(); // a held 200 ms lately
    const b = granted(slots, 'b');
    time.advance(10);
    expect(slots.limitFor('a')).toBe(1);
    expect(slots.limitFor('b')).toBe(3);
    // b holds on while what a held fades with the window: then b is the one that shares.
    time.advance(400);
    expect(slots.limitFor('b')).toBe(1);
    expect(slots.limitFor('a')).toBe(3);
    b();
  });

  it('lets the waiters of a key go, in order, once the other key has been idle for the window', async () => {
    const time = clock();
    const slots = new FairSlots(3, 10, { sharedPerKey: 1, activeMs: 1_000, now: time.now });
    granted(slots, 'b')();
    const first = granted(slots, 'a');
    time.advance(10);
    const order: string[] = [];
    const waiters = ['second', 'third'].map((name) => queued(slots, 'a', order, name));
    time.advance(1_001);
    first();
    await Promise.all(waiters);
    expect(order).toEqual(['second', 'third']);
    expect(slots.usage('a')).toEqual({ held: 2, waiting: 0 });
  });

  it('never lets a newcomer pass the waiters of its own key when the allowance grows', () => {
    const time = clock();
    const slots = new FairSlots(2, 10, { sharedPerKey: 1, activeMs: 1_000, now: time.now });
    granted(slots, 'b')();
    granted(slots, 'a');
    time.advance(10);
    expect(slots.acquire('a').kind).toBe('queued');
    time.advance(1_001);
    // The allowance is 2 again, but one request of a waits: the newcomer queues behind it.
    expect(slots.acquire('a').kind).toBe('queued');
  });

  it('forgets the keys that went idle, so the memory is bounded by the active ones', () => {
    const time = clock();
    const slots = new FairSlots(2, 1, { sharedPerKey: 1, activeMs: 1_000, now: time.now });
    for (let i = 0; i < 100; i++) granted(slots, `k${i}`)();
    time.advance(1_001);
    expect(slots.limitFor('a')).toBe(2);
    expect((slots as unknown as { lastActive: Map<string, unknown> }).lastActive.size).toBe(0);
  });

  it('refuses a shared allowance below one', () => {
    expect(() => new FairSlots(2, 1, { sharedPerKey: 0 })).toThrow(RangeError);
  });
});
