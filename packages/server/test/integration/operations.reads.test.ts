import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  balancesOf,
  getOperation,
  postDeposit,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  activeAccount,
  approvedBeneficiary,
  sandboxSteps,
  useSandboxApp,
} from '../helpers/world.js';

interface Page {
  data: OperationBody[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

// Issue 7 points 5 and 12: the list and its filters, and another customer's objects are 404
// in every operation route, with no money moved.
describe.each(ENGINES)('operation reads on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine);

  const list = async (token: string, query: string) => {
    const res = await t.as(token, { method: 'GET', url: `/v1/operations${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('lists newest first, filters by type, status and accountId, pages both ways', async () => {
    const { token } = await t.customer();
    const a = await activeAccount(t, clock, token, { fund: { asset: 'BRL', amount: '100.00' } });
    const b = await activeAccount(t, clock, token);
    const to = await approvedBeneficiary(t, clock, token);
    const ids: string[] = [];
    for (const amount of ['1.00', '2.00', '3.00']) {
      ids.push(
        (await postDeposit(t, token, { accountId: b, asset: 'BRL', amount })).json<OperationBody>()
          .id,
      );
      clock.advance(1);
    }
    const w = await postWithdrawal(t, token, {
      accountId: a,
      asset: 'BRL',
      amount: '10.00',
      beneficiary: to,
    });
    ids.push(w.json<OperationBody>().id);

    const all = await list(token, '?limit=100');
    expect(all.data).toHaveLength(5); // the funding deposit too
    expect(all.data[0]!.id).toBe(ids[3]);
    expect((await list(token, '?type=WITHDRAWAL')).data.map((o) => o.id)).toEqual([ids[3]]);
    expect(
      (await list(token, `?accountId=${b}&sortOrder=ASCENDING`)).data.map((o) => o.id),
    ).toEqual(ids.slice(0, 3));
    expect((await list(token, '?status=COMPLETED')).data.map((o) => o.accountId)).toEqual([a]);
    const first = await list(token, `?accountId=${b}&limit=2`);
    expect(first.data.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const second = await list(token, `?accountId=${b}&limit=2&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((o) => o.id)).toEqual([ids[0]]);
    const back = await list(
      token,
      `?accountId=${b}&limit=2&cursor=${second.meta.previousCursor}&direction=PREVIOUS`,
    );
    expect(back.data.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    // A cursor belongs to its filters; unknown query parameters are refused.
    expectProblem(
      await t.as(token, {
        method: 'GET',
        url: `/v1/operations?type=DEPOSIT&cursor=${first.meta.nextCursor}`,
      }),
      400,
      'INVALID_CURSOR',
    );
    expectProblem(
      await t.as(token, { method: 'GET', url: '/v1/operations?kind=DEPOSIT' }),
      400,
      'INVALID_DATA',
    );
    expectProblem(
      await t.as(token, { method: 'GET', url: '/v1/operations?type=TELEPORT' }),
      400,
      'INVALID_DATA',
    );
    // The list shows each operation as GET does.
    expect(all.data[0]).toEqual(await getOperation(t, token, ids[3]!));
  });

  it("answers 404 for another customer's account, beneficiary, instruction and operation; no money moves", async () => {
    const owner = await t.customer();
    const other = await t.customer();
    const account = await activeAccount(t, clock, owner.token, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const to = await approvedBeneficiary(t, clock, owner.token);
    const otherAccount = await activeAccount(t, clock, other.token, {
      fund: { asset: 'BRL', amount: '100.00' },
    });
    const otherTo = await approvedBeneficiary(t, clock, other.token);
    const op = (
      await postDeposit(t, owner.token, { accountId: account, asset: 'BRL', amount: '1.00' })
    ).json<OperationBody>();

    const as = other.token;
    expectProblem(
      await t.as(as, { method: 'GET', url: `/v1/operations/${op.id}` }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expect((await list(as, '?limit=100')).data.map((o) => o.id)).not.toContain(op.id);
    expect((await list(as, `?accountId=${account}`)).data).toEqual([]);
    expectProblem(
      await t.as(as, { method: 'GET', url: `/v1/accounts/${account}/fundingInstructions` }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await postDeposit(t, as, { accountId: account, asset: 'BRL', amount: '1.00' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    // The owner's account with the other's beneficiary, and the other's account with the owner's.
    expectProblem(
      await postWithdrawal(t, as, {
        accountId: account,
        asset: 'BRL',
        amount: '1.00',
        beneficiary: otherTo,
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await postWithdrawal(t, as, {
        accountId: otherAccount,
        asset: 'BRL',
        amount: '1.00',
        beneficiary: to,
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    // The other's beneficiary with the owner's instruction id.
    expectProblem(
      await postWithdrawal(t, as, {
        accountId: otherAccount,
        asset: 'BRL',
        amount: '1.00',
        beneficiary: { id: otherTo.id, paymentInstructionId: to.paymentInstructionId },
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await t.as(as, { method: 'GET', url: '/v1/operations/op_nope' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    // Payment and expiry both due: the payment, due first, runs first (one queue per operation).
    await sandboxSteps(t, clock, 3);
    expect(await balancesOf(t, owner.token, account)).toMatchObject([
      { available: '101.00', pending: '0.00' },
    ]);
    expect(await balancesOf(t, other.token, otherAccount)).toMatchObject([
      { available: '100.00', pending: '0.00' },
    ]);
  });
});
