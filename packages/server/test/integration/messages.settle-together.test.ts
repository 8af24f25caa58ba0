import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import {
  settleAttempt,
  settleAttemptsTogether,
  type AttemptSettlement,
  type MessageSettlement,
} from '../../src/webhooks/messages/messages.repository.js';
import type { MessageStatus } from '../../src/webhooks/messages/messages.table.js';
import { messagesOfNewSubscription } from '../helpers/delivery.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV, useTestApp } from '../helpers/world.js';

// Issue 24 point 5: every change of a message's status goes through messages.repository.ts. A
// group commit settles its attempts in one statement (settleAttemptsTogether,
// delivery/settle-attempts.ts); it must make exactly the moves settleAttempt makes one message at
// a time. Both engines (issue 28 point 7: SQLite batches too).
describe.each(ENGINES)("settling messages' attempts in one statement on %s", (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  const t = useTestApp(engine, {
    clock,
    env: LOCAL_WEBHOOKS_ENV,
  });

  /** Where each message starts, and what its attempt settles. */
  const CASES: [MessageStatus, AttemptSettlement][] = [
    ['PENDING', 'SUCCEEDED'],
    ['HELD', 'FAILED'],
    ['PENDING', 'RETRY'],
    ['HELD', 'RETRY'],
    ['FAILED', 'SUCCEEDED'],
    ['CANCELLED', 'FAILED'],
  ];

  /** New messages of a new subscription, one per case, in the cases' statuses. */
  async function messagesInCases(): Promise<string[]> {
    const ids = (await messagesOfNewSubscription(t, clock, CASES.length)).map((m) => m.id);
    for (const [i, id] of ids.entries()) {
      await t.handle.db
        .updateTable('messages')
        .set({ status: CASES[i]![0] })
        .where('id', '=', id)
        .execute();
    }
    return ids;
  }

  const settlementsOf = (ids: string[], at: number): MessageSettlement[] =>
    ids.map((messageId, i) => ({
      messageId,
      settlement: CASES[i]![1],
      attempts: 2,
      status: CASES[i]![1] === 'SUCCEEDED' ? 'SUCCESS' : 'FAILED',
      at,
    }));

  const rowsOf = (ids: string[]) =>
    t.handle.db
      .selectFrom('messages')
      .select(['status', 'attempts', 'last_attempt_status', 'last_attempt_at', 'updated_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('makes the moves settleAttempt makes one by one, and names the messages it changed', async () => {
    const at = clock.now() + 1_000;
    const oneByOne = await messagesInCases();
    const together = await messagesInCases();

    const changed: boolean[] = [];
    for (const settlement of settlementsOf(oneByOne, at)) {
      changed.push(
        await t.handle.db
          .transaction()
          .execute((trx) => settleAttempt(trx, settlement.messageId, settlement)),
      );
    }
    const moved = await t.handle.db
      .transaction()
      .execute((trx) => settleAttemptsTogether(trx, settlementsOf(together, at)));

    expect(changed).toEqual([true, true, true, true, false, false]);
    expect([...moved].sort()).toEqual(together.slice(0, 4));
    const counted = { attempts: 2, last_attempt_at: at };
    const untouched = { attempts: 0, last_attempt_status: null, last_attempt_at: null };
    const expected = [
      { status: 'SUCCEEDED', ...counted, last_attempt_status: 'SUCCESS' },
      { status: 'FAILED', ...counted, last_attempt_status: 'FAILED' },
      { status: 'PENDING', ...counted, last_attempt_status: 'FAILED' },
      { status: 'HELD', ...counted, last_attempt_status: 'FAILED' },
      { status: 'FAILED', ...untouched },
      { status: 'CANCELLED', ...untouched },
    ];
    // updated_at apart (the two sets were created a millisecond apart), row for row the same.
    const withoutUpdatedAt = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
      rows.map(({ updated_at: _, ...row }) => row);
    const byOne = await rowsOf(oneByOne);
    const byAll = await rowsOf(together);
    expect(withoutUpdatedAt(byOne)).toEqual(expected);
    expect(withoutUpdatedAt(byAll)).toEqual(expected);
    for (const rows of [byOne, byAll])
      expect(rows.slice(0, 4).map((row) => row.updated_at)).toEqual([at, at, at, at]);
  });

  it('refuses a move the message machine has no edge for, before writing anything', async () => {
    const [id] = await messagesInCases();
    const before = await rowsOf([id!]);
    await expect(
      t.handle.db.transaction().execute((trx) =>
        settleAttemptsTogether(trx, [
          {
            messageId: id!,
            settlement: 'PENDING' as AttemptSettlement,
            attempts: 1,
            status: 'FAILED',
            at: clock.now(),
          },
        ]),
      ),
    ).rejects.toThrow('no move from PENDING, HELD to PENDING');
    expect(await rowsOf([id!])).toEqual(before);
  });
});
