import { transact } from '../../src/db/transact.js';
import { captureHold, placeHold, postDeposit, releaseHold } from '../../src/ledger/ledger.js';
import { beforeAll } from 'vitest';
import type { Engine } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { TestApp } from './test-app.js';
import { lateBound, useTestApp, type AccountHolder } from './world.js';

/** When the dated account is opened: 2026-11-01T12:00:00.000Z, in the past of the real clock. */
export const OPENED_AT = Date.UTC(2026, 10, 1, 12);

/** When the requests of a dated-ledger test are made (the test app's manual clock). */
export const ASKED_AT = OPENED_AT + 10_000;

/**
 * An account with USDT and BRL whose ledger has a known history, each step booked at a known
 * millisecond after OPENED_AT (the balances after it, BRL available/pending):
 *
 * - +1000 deposit BRL 100.00 (100.00 / 0)
 * - +2000 deposit BRL 50.00 (150.00 / 0) and USDT 1.000000, in the same millisecond
 * - +3000 hold BRL 30.00 (120.00 / 30.00)
 * - +4000 that hold released (150.00 / 0)
 * - +5000 hold BRL 20.00 (130.00 / 20.00)
 * - +6000 that hold captured: the money left (130.00 / 0)
 *
 * The app must run on `clock`, which is left at ASKED_AT.
 */
export async function datedAccount(t: TestApp, clock: ManualClock, token: string): Promise<string> {
  clock.set(OPENED_AT);
  const res = await t.as(token, {
    method: 'POST',
    url: '/v1/accounts',
    payload: { type: 'CHECKING', assets: ['USDT', 'BRL'] },
  });
  if (res.statusCode !== 201) throw new Error(`account: ${res.statusCode} ${res.body}`);
  const accountId = res.json<{ id: string }>().id;
  const at = (ms: number) => OPENED_AT + ms;
  const deposit = { accountId, operationId: null, description: 'Deposit' };
  await transact(t.handle.db, async ({ trx }) => {
    await postDeposit(trx, { ...deposit, asset: 'BRL', amount: 10_000n, at: at(1000) });
    await postDeposit(trx, { ...deposit, asset: 'BRL', amount: 5_000n, at: at(2000) });
    await postDeposit(trx, { ...deposit, asset: 'USDT', amount: 1_000_000n, at: at(2000) });
    const hold = { accountId, asset: 'BRL' as const, operationId: null, description: 'Hold' };
    const first = await placeHold(trx, { ...hold, amount: 3_000n, at: at(3000) });
    await releaseHold(trx, { holdId: first, at: at(4000) });
    const second = await placeHold(trx, { ...hold, amount: 2_000n, at: at(5000) });
    await captureHold(trx, { holdId: second, at: at(6000) });
  });
  clock.set(ASKED_AT);
  return accountId;
}

/** A describe block's app on a ManualClock, and Alice with her dated account. */
export interface DatedAccountSetUp {
  t: TestApp;
  clock: ManualClock;
  alice: AccountHolder;
}

/**
 * The test app of the describe block (its clock starting at OPENED_AT) and, made in beforeAll,
 * a customer Alice whose account has the dated history (datedAccount); the clock is then at
 * ASKED_AT.
 */
export function useDatedAccount(engine: Engine): DatedAccountSetUp {
  const clock = new ManualClock(OPENED_AT);
  const t = useTestApp(engine, { clock });
  let made: AccountHolder | undefined;
  beforeAll(async () => {
    const { token } = await t.customer('Alice');
    made = { token, accountId: await datedAccount(t, clock, token) };
  });
  return { t, clock, alice: lateBound('dated account', () => made) };
}
