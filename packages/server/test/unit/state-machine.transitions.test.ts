import { describe, expect, it } from 'vitest';
import { MESSAGE_MACHINE } from '../../src/webhooks/messages/message-states.js';
import type { MessageStatus } from '../../src/webhooks/messages/messages.table.js';
import { moveState, stateMachine } from '../../src/lib/state-machine.js';

const ALL: MessageStatus[] = ['PENDING', 'HELD', 'SUCCEEDED', 'FAILED', 'CANCELLED'];

/** Every allowed move of a webhook message; anything else must be refused. */
const ALLOWED: [MessageStatus, MessageStatus][] = [
  ['PENDING', 'HELD'],
  ['PENDING', 'SUCCEEDED'],
  ['PENDING', 'FAILED'],
  ['PENDING', 'CANCELLED'],
  ['HELD', 'PENDING'],
  ['HELD', 'SUCCEEDED'],
  ['HELD', 'FAILED'],
  ['HELD', 'CANCELLED'],
  ['SUCCEEDED', 'HELD'],
  ['FAILED', 'SUCCEEDED'],
  ['FAILED', 'HELD'],
];
const allowed = new Set(ALLOWED.map(([from, to]) => `${from}>${to}`));

describe('the message state machine', () => {
  it.each(
    ALL.flatMap((from) => ALL.map((to) => [from, to, allowed.has(`${from}>${to}`)] as const)),
  )('from %s to %s allowed: %s', (from, to, expected) => {
    expect(MESSAGE_MACHINE.canMove(from, to)).toBe(expected);
  });

  it.each<[MessageStatus, MessageStatus[]]>([
    ['PENDING', ['HELD']],
    ['HELD', ['PENDING', 'SUCCEEDED', 'FAILED']],
    ['SUCCEEDED', ['PENDING', 'HELD', 'FAILED']],
    ['FAILED', ['PENDING', 'HELD']],
    ['CANCELLED', ['PENDING', 'HELD']],
  ])('reaches %s only from %j', (to, sources) => {
    expect(MESSAGE_MACHINE.sourcesOf(to)).toEqual(sources);
  });

  it.each<[MessageStatus, boolean, boolean]>([
    ['PENDING', false, true],
    ['HELD', false, true],
    ['SUCCEEDED', false, false],
    ['FAILED', false, false],
    ['CANCELLED', true, false],
  ])('%s is final: %s, initial: %s', (state, final, initial) => {
    expect(MESSAGE_MACHINE.isFinal(state)).toBe(final);
    expect(MESSAGE_MACHINE.isInitial(state)).toBe(initial);
  });
});

describe('moveState (compare-and-set)', () => {
  const machine = stateMachine({
    initial: ['REQUESTED'],
    edges: {
      REQUESTED: ['PROCESSING', 'FAILED'],
      PROCESSING: ['COMPLETED', 'FAILED'],
      COMPLETED: [],
      FAILED: [],
    },
  });

  it('puts the allowed sources in the update and runs `after` when a row moved', async () => {
    const seen: string[][] = [];
    const after: number[] = [];
    const moved = await moveState(machine, 'FAILED', {
      update: (from) => {
        seen.push(from);
        return Promise.resolve({ numUpdatedRows: 1n });
      },
      after: (n) => Promise.resolve(void after.push(n)),
    });
    expect(moved).toBe(1);
    expect(seen).toEqual([['REQUESTED', 'PROCESSING']]);
    expect(after).toEqual([1]);
  });

  it('skips `after` when nothing moved (a duplicate step)', async () => {
    let called = false;
    const moved = await moveState(machine, 'COMPLETED', {
      update: () => Promise.resolve(0),
      after: () => Promise.resolve(void (called = true)),
    });
    expect(moved).toBe(0);
    expect(called).toBe(false);
  });

  it('narrows the sources to `from`', async () => {
    const seen: string[][] = [];
    await moveState(machine, 'FAILED', {
      from: ['PROCESSING'],
      update: (from) => {
        seen.push(from);
        return Promise.resolve(0);
      },
    });
    expect(seen).toEqual([['PROCESSING']]);
  });

  it('refuses a source the machine does not allow, before touching the database', async () => {
    let called = false;
    await expect(
      moveState(machine, 'COMPLETED', {
        from: ['REQUESTED'],
        update: () => {
          called = true;
          return Promise.resolve(0);
        },
      }),
    ).rejects.toThrow('no move from REQUESTED to COMPLETED');
    expect(called).toBe(false);
  });

  it('moves nothing into an initial-only state', async () => {
    let called = false;
    const moved = await moveState(machine, 'REQUESTED', {
      update: () => {
        called = true;
        return Promise.resolve(0);
      },
    });
    expect(moved).toBe(0);
    expect(called).toBe(false);
  });
});
