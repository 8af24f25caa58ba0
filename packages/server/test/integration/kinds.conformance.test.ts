import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { OPERATION_TYPES } from '../../src/operations/kinds/lifecycles.js';
import type { OperationStatus } from '../../src/operations/operation-states.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { EXPECTED_JOURNALS } from '../helpers/bank/operation-mix.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { KIND_CASES, send, type KindPath, type KindWorld } from '../helpers/kind-cases.js';
import { expectNothingMoved, moneyOf } from '../helpers/nothing-moved.js';
import { STEP_MS, getOperation, type OperationBody } from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary } from '../helpers/world.js';

// Issue 24 point 3: one table (helpers/kind-cases.ts) drives every registered kind through the
// same scenarios, as the bank test's operation mix does: its request, idempotent replay, each
// sandbox step to a final state and the history it leaves, the events, the journals that outcome
// must post (the bank test's EXPECTED_JOURNALS), a refusal's shape with nothing moved, and the
// ledger verifying. A kind's own behaviour (amounts, legs, fees, races) stays in its tests.

const FINAL: readonly OperationStatus[] = ['COMPLETED', 'FAILED'];
/** More sandbox steps than any kind takes (a deposit expires on the third). */
const MAX_STEPS = 6;

/** The rows in `cases`, each with its kind, for it.each. */
const rows = <T>(pick: (type: (typeof OPERATION_TYPES)[number]) => T[]) =>
  OPERATION_TYPES.flatMap((type) => pick(type).map((row) => ({ type, ...row })));

const PATHS = rows((type) => KIND_CASES[type].paths.map((path) => ({ path })));

/** The journal kinds posted for an operation, sorted. */
async function journalKinds(w: KindWorld, operationId: string): Promise<string[]> {
  const journals = await w.t.handle.db
    .selectFrom('ledger_journals')
    .select('kind')
    .where('operation_id', '=', operationId)
    .execute();
  return journals.map((j) => j.kind).sort();
}

/** The operation's events, oldest first: type and data. */
async function eventsOf(w: KindWorld, operationId: string) {
  const rows = await w.t.handle.db
    .selectFrom('events')
    .select(['type', 'payload'])
    .where('resource_id', '=', operationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    data: (JSON.parse(r.payload) as { data: unknown }).data,
  }));
}

/** Steps the sandbox until the operation is final; every status seen, the answer's first. */
async function stepToFinal(w: KindWorld, id: string, first: OperationStatus) {
  const seen: OperationStatus[] = [first];
  for (let step = 0; step < MAX_STEPS && !FINAL.includes(seen.at(-1)!); step += 1) {
    w.clock.advance(STEP_MS);
    await runDueJobs(w.t);
    const now = (await getOperation(w.t, w.token, id)).status;
    if (now !== seen.at(-1)) seen.push(now);
  }
  return seen;
}

/** What every kind answers to its request: 201, the operation, where to read it. */
async function requested(w: KindWorld, path: KindPath, idempotent: boolean, key: string) {
  const request = await path.request(w);
  const headers: Record<string, string> = idempotent ? { 'idempotency-key': key } : {};
  const res = await send(w, request, headers);
  expect(res.statusCode, res.body).toBe(201);
  // The back-office answers the operation with its owner (modules/admin OperatorOperation).
  const operation = request.admin
    ? res.json<{ operation: OperationBody }>().operation
    : res.json<OperationBody>();
  expect(path.states).toContain(operation.status);
  if (idempotent) {
    // The same key and body: the original answer, replayed; another body: a conflict.
    const again = await send(w, request, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(operation);
    const other = { ...request, payload: { ...request.payload, metadata: { other: 'body' } } };
    expectProblem(await send(w, other, headers), 422, 'IDEMPOTENCY_CONFLICT');
  }
  return operation;
}

describe.each(ENGINES)('every registered kind on %s', (engine) => {
  const w = {} as KindWorld;
  let keys = 0;

  beforeAll(async () => {
    w.clock = new ManualClock();
    w.t = await createTestApp(engine, {
      clock: w.clock,
      env: { ...ADMIN_ENV, COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
    });
    w.token = (await w.t.customer()).token;
    const assets = ['BRL', 'USDT'];
    w.accountId = await activeAccount(w.t, w.clock, w.token, {
      assets,
      fund: { asset: 'BRL', amount: '5000.00' },
    });
    w.otherAccountId = await activeAccount(w.t, w.clock, w.token, { assets });
    w.beneficiary = await approvedBeneficiary(w.t, w.clock, w.token);
  });
  afterAll(() => w.t.close());

  it('has cases for exactly the registered kinds', () => {
    expect(Object.keys(KIND_CASES)).toEqual([...OPERATION_TYPES]);
  });

  it.each(PATHS)('$type: $path.name', async ({ type, path }) => {
    const kind = KIND_CASES[type];
    const operation = await requested(w, path, kind.idempotent, `conformance-${(keys += 1)}`);
    expect(operation.type).toBe(type);
    await path.then?.(w, operation.id);
    const seen = await stepToFinal(w, operation.id, operation.status);

    // Each transition in order, seen as it happened (a status may pass inside one step).
    const final = await getOperation(w.t, w.token, operation.id);
    expect(final.states.map((s) => s.status)).toEqual(path.states);
    expect(path.states.filter((s) => seen.includes(s))).toEqual(seen);
    const end = path.states.at(-1) as 'COMPLETED' | 'FAILED';
    // The reason on the operation and on its FAILED state, none on a completed one.
    expect(final.reason?.code).toBe(end === 'FAILED' ? path.reason : undefined);
    expect(final.states.at(-1)?.reason?.code).toBe(final.reason?.code);

    // Requested, then one terminal event carrying the operation as the API shows it since.
    const events = await eventsOf(w, operation.id);
    expect(events.map((e) => e.type)).toEqual([
      'OPERATION_REQUESTED',
      end === 'COMPLETED' ? 'OPERATION_COMPLETED' : 'OPERATION_FAILED',
    ]);
    expect(events[1]!.data).toEqual(final);
    expect(EXPECTED_JOURNALS[type]?.[end]).toContainEqual(await journalKinds(w, operation.id));
    expect(await verifyLedger(w.t.handle.db)).toEqual([]);
  });

  it.each(rows((type) => [KIND_CASES[type].refusal]))(
    '$type: refuses with $status $code, nothing moved',
    async ({ request, status, code }) => {
      const req = await request(w);
      const accounts = [w.accountId, w.otherAccountId];
      const before = await Promise.all(accounts.map((id) => moneyOf(w.t, w.token, id)));
      expectProblem(await send(w, req), status, code);
      for (const [i, id] of accounts.entries()) {
        await expectNothingMoved(w.t, w.token, id, before[i]!);
      }
    },
  );
});
