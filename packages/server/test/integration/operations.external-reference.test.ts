'kysely';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/unique-violation.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createQuote } from '../helpers/quoted-operations.js';
import { downAndUpAgain } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  accountHolder,
  activeAccount,
  approvedBeneficiary,
  useSandboxApp,
} from '../helpers/world.js';

const EXTERNAL_REFERENCE_MIGRATION = '0019-external-reference';

// Issue 16 point 3: `externalReference` on every creating operation request, unique per
// customer, never expiring; a second request with it is a 409 naming the existing operation.
describe.each(ENGINES)('operation external references on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine);

  const count = async (table: 'events' | 'operations' | 'ledger_holds' | 'ledger_journals') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const snapshot = async () => ({
    events: await count('events'),
    operations: await count('operations'),
    holds: await count('ledger_holds'),
    journals: await count('ledger_journals'),
  });
  const conflict = (res: Awaited<ReturnType<typeof postDeposit>>, existing: string) => {
    const problem = expectProblem(res, 409, 'EXTERNAL_REFERENCE_CONFLICT');
    expect(problem.existingOperationId).toBe(existing);
    expect(problem.detail).toContain(existing);
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/externalReference', in: 'body' }),
    ]);
    return problem;
  };

  it('shows the reference on the operation, in the list and in its event; null without one', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const res = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      externalReference: 'inv-2026/118:a_b.c',
    });
    expect(res.statusCode, res.body).toBe(201);
    const op = res.json<OperationBody>();
    expect(op.externalReference).toBe('inv-2026/118:a_b.c');
    expect(await getOperation(t, token, op.id)).toMatchObject({
      externalReference: 'inv-2026/118:a_b.c',
    });
    const without = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '1.00' });
    expect(without.json<OperationBody>().externalReference).toBeNull();

    const events = await t.as(token, { method: 'GET', url: `/v1/events?resourceId=${op.id}` });
    expect(events.statusCode, events.body).toBe(200);
    const [requested] = events.json<{ data: { type: string; data: OperationBody }[] }>().data;
    expect(requested).toMatchObject({
      type: 'OPERATION_REQUESTED',
      data: { id: op.id, externalReference: 'inv-2026/118:a_b.c' },
    });
  });

  it('refuses a second request with the reference with 409 naming the existing operation; nothing moves', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const body = { accountId, asset: 'BRL', amount: '1.00', externalReference: 'order-1' };
    const first = (await postDeposit(t, token, body)).json<OperationBody>();
    const before = await snapshot();
    // Without a key, with another key, and with another body: the reference alone decides.
    conflict(await postDeposit(t, token, body), first.id);
    conflict(await postDeposit(t, token, body, { 'Idempotency-Key': 'another' }), first.id);
    conflict(await postDeposit(t, token, { ...body, amount: '2.00' }), first.id);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses one kind's reference on another kind (a deposit's on a withdrawal)", async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '50.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const deposit = (
      await postDeposit(t, token, {
        accountId,
        asset: 'BRL',
        amount: '1.00',
        externalReference: 'shared-ref',
      })
    ).json<OperationBody>();
    const balances = await balancesOf(t, token, accountId);
    const before = await snapshot();
    conflict(
      await postWithdrawal(t, token, {
        accountId,
        asset: 'BRL',
        amount: '10.00',
        beneficiary: to,
        externalReference: 'shared-ref',
      }),
      deposit.id,
    );
    expect(await balancesOf(t, token, accountId)).toEqual(balances);
    expect(await snapshot()).toEqual(before);
  });

  it('answers the conflict before any other refusal, so a retry learns it was done', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '10.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const body = {
      accountId,
      asset: 'BRL',
      amount: '8.00',
      beneficiary: to,
      externalReference: 'payout-7',
    };
    const first = await postWithdrawal(t, token, body);
    expect(first.statusCode, first.body).toBe(201);
    // The balance no longer covers it, but the answer is that it exists.
    conflict(await postWithdrawal(t, token, body), first.json<OperationBody>().id);
  });

  it('lets another customer use the same reference', async () => {
    const a = await t.customer();
    const b = await t.customer();
    const body = (accountId: string) => ({
      accountId,
      asset: 'BRL',
      amount: '1.00',
      externalReference: 'common-ref',
    });
    const fromA = await postDeposit(t, a.token, body(await activeAccount(t, clock, a.token)));
    const fromB = await postDeposit(t, b.token, body(await activeAccount(t, clock, b.token)));
    expect(fromA.statusCode, fromA.body).toBe(201);
    expect(fromB.statusCode, fromB.body).toBe(201);
  });

  it('replays the original 201 for the same Idempotency-Key and body, not a 409', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const body = { accountId, asset: 'BRL', amount: '1.00', externalReference: 'replayed' };
    const headers = { 'Idempotency-Key': 'k-replayed' };
    const first = await postDeposit(t, token, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postDeposit(t, token, body, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // The same key with another reference is another request: the key's conflict, 422.
    expectProblem(
      await postDeposit(t, token, { ...body, externalReference: 'other' }, headers),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
  });

  it('keeps the reference once the operation has failed (it never expires)', async () => {
    const customer = await t.customer();
    const { token } = customer;
    const accountId = await activeAccount(t, clock, token);
    // Ends in 66: the sandbox never pays it, and it expires (DEPOSIT_EXPIRED).
    const body = { accountId, asset: 'BRL', amount: '1.66', externalReference: 'expiring' };
    const first = (await postDeposit(t, token, body)).json<OperationBody>();
    for (let i = 0; i < 5 && (await getOperation(t, token, first.id)).status !== 'FAILED'; i++) {
      clock.advance(60 * 60_000);
      await runDueJobs(t);
    }
    expect((await getOperation(t, token, first.id)).status).toBe('FAILED');
    clock.advance(48 * 60 * 60_000); // past any idempotency key's life (and the token's)
    conflict(await postDeposit(t, await t.token(customer), body), first.id);
  });

  it('a refused request leaves the reference free', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const to = await approvedBeneficiary(t, clock, token);
    const withdrawal = {
      accountId,
      asset: 'BRL',
      amount: '5.00',
      beneficiary: to,
      externalReference: 'first-try',
    };
    expectProblem(await postWithdrawal(t, token, withdrawal), 422, 'INSUFFICIENT_BALANCE');
    const deposit = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '5.00',
      externalReference: 'first-try',
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
  });

  it('refuses a malformed reference with 400 before anything is read', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    for (const [externalReference, code] of [
      ['', 'INVALID_LENGTH'],
      ['x'.repeat(65), 'INVALID_LENGTH'],
      ['has space', 'INVALID_FORMAT'],
      ['ação', 'INVALID_FORMAT'],
      [42, 'INVALID_TYPE'],
    ] as const) {
      const problem = expectProblem(
        await postDeposit(t, token, { accountId, asset: 'BRL', amount: '1.00', externalReference }),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors).toContainEqual(
        expect.objectContaining({ pointer: '/externalReference', code }),
      );
    }
    const longest = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      externalReference: 'x'.repeat(64),
    });
    expect(longest.statusCode, longest.body).toBe(201);
  });

  it('concurrent requests with one reference: exactly one 201, the others 409 naming it, nothing else moved', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, token);
    const before = await snapshot();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postWithdrawal(
          t,
          token,
          { accountId, asset: 'BRL', amount: '10.00', beneficiary: to, externalReference: 'race' },
          { 'Idempotency-Key': `race-${i}` },
        ),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    const winner = won[0]!.json<OperationBody>().id;
    for (const lost of answers.filter((r) => r.statusCode !== 201)) conflict(lost, winner);
    expect((await balancesOf(t, token, accountId)).find((b) => b.asset === 'BRL')).toMatchObject({
      available: '90.00',
      pending: '10.00',
    });
    const after = await snapshot();
    expect(after.operations - before.operations).toBe(1);
    expect(after.holds - before.holds).toBe(1);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('two swaps racing with one quote and one reference: a 201 and a 409, not QUOTE_ALREADY_CONSUMED', async () => {
    const { token, accountId } = await accountHolder(t, clock, {
      assets: ['BRL', 'USDT'],
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const quote = await createQuote(t, token, {
      accountId,
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '10.00',
    });
    const payload = { accountId, quoteId: quote.id, externalReference: 'sw' };
    const answers = await Promise.all(
      [0, 1, 2].map(() => t.as(token, { method: 'POST', url: '/v1/operations/swap', payload })),
    );
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.statusCode !== 201)) {
      conflict(lost, won[0]!.json<OperationBody>().id);
    }
  });

  it('is enforced by the database: a second row with the reference is a unique violation', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const ids: string[] = [];
    for (const externalReference of ['db-a', 'db-b']) {
      const res = await postDeposit(t, token, {
        accountId,
        asset: 'BRL',
        amount: '1.00',
        externalReference,
      });
      ids.push(res.json<OperationBody>().id);
    }
    const error = await t.handle.db
      .updateTable('operations')
      .set({ external_reference: 'db-a' })
      .where('id', '=', ids[1]!)
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error), String(error)).toBe(true);
  });
});

// Migration 0019 adds the column and its indexes; down removes them, and up again restores a
// working reference (the round trip every migration keeps).
describe.each(ENGINES)('the external-reference migration on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine);

  it('goes down and up again; references are unique again after it', async () => {
    const { token, accountId } = await accountHolder(t, clock);
    const before = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '1.00' });
    expect(before.statusCode, before.body).toBe(201);

    await downAndUpAgain(t.handle.db, EXTERNAL_REFERENCE_MIGRATION);

    // An operation from before the migration has no reference.
    expect(
      (await getOperation(t, token, before.json<OperationBody>().id)).externalReference,
    ).toBeNull();
    const body = { accountId, asset: 'BRL', amount: '1.00', externalReference: 'after-up' };
    const first = await postDeposit(t, token, body);
    expect(first.statusCode, first.body).toBe(201);
    expectProblem(await postDeposit(t, token, body), 409, 'EXTERNAL_REFERENCE_CONFLICT');
  });
});
