import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopTurns } from '../../src/lib/loop-turns.js';

describe('one request of a customer per turn of the event loop', () => {
  it("runs another customer's request before the first customer's second one of the same turn", async () => {
    const turns = new LoopTurns();
    const order: string[] = [];
    await Promise.all([
      turns.wait('alice').then(() => order.push('alice 1')),
      turns.wait('alice').then(() => order.push('alice 2')),
      turns.wait('alice').then(() => order.push('alice 3')),
      turns.wait('bob').then(() => order.push('bob 1')),
    ]);
    expect(order).toEqual(['alice 1', 'bob 1', 'alice 2', 'alice 3']);
  });

  it("gives a customer's waiting requests one turn each", async () => {
    const turns = new LoopTurns();
    let turn = 0;
    const started: number[] = [];
    const ticking = (async () => {
      for (let i = 0; i < 10; i++) {
        await nextTurn();
        turn++;
      }
    })();
    await Promise.all([1, 2, 3].map(() => turns.wait('alice').then(() => started.push(turn))));
    await ticking;
    expect(new Set(started).size).toBe(3);
  });

  it('starts a request at once when the customer started none in this turn', async () => {
    const turns = new LoopTurns();
    await turns.wait('alice');
    await nextTurn();
    await nextTurn();
    let started = false;
    void turns.wait('alice').then(() => (started = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toBe(true);
  });

  it("never lets a customer's new step pass its older waiting ones", async () => {
    const turns = new LoopTurns();
    const order: string[] = [];
    const steps = [turns.wait('alice').then(() => order.push('alice 1'))];
    // A request of Alice's that arrives at the very start of the next turn (a callback queued
    // before her second step's wake-up), when nobody has taken a step in it yet.
    const late = new Promise<void>((resolve) =>
      setImmediate(() => {
        void turns
          .wait('alice')
          .then(() => order.push('alice 3'))
          .then(() => resolve());
      }),
    );
    steps.push(turns.wait('alice').then(() => order.push('alice 2')));
    await Promise.all([...steps, late]);
    expect(order).toEqual(['alice 1', 'alice 2', 'alice 3']);
  });
});
