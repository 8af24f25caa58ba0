import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, asAdmin, auditRows } from '../helpers/admin.js';
import { createBeneficiary, type BeneficiaryBody } from '../helpers/beneficiaries.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface AccountView {
  customerId: string;
  account: { id: string; status: string; assets: { asset: string; status: string }[] };
}

// Issue 7 point 10: the back-office decides reviews and drives account lifecycles, across
// customers, through the same lifecycle functions as the simulator; each action is audited.
// No worker runs here, so nothing moves unless the operator moves it.
describe.each(ENGINES)('admin instructions and accounts on %s', (engine) => {
  let alice: { token: string };
  let bob: { token: string };
  const t = useTestApp(engine, { env: ADMIN_ENV });

  beforeAll(async () => {
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
  });

  const eventsOf = (type: string, resourceId: string) =>
    t.handle.db
      .selectFrom('events')
      .select(['type'])
      .where('type', '=', type)
      .where('resource_id', '=', resourceId)
      .execute();
  const countRows = async () => (await auditRows(t)).length;

  const pendingInstruction = async (token: string) => {
    const beneficiary: BeneficiaryBody = await createBeneficiary(t, token);
    return { beneficiary, instructionId: beneficiary.paymentInstructions[0]!.id };
  };

  it("approves any customer's instruction: the customer sees APPROVED and gets the event", async () => {
    const { beneficiary, instructionId } = await pendingInstruction(alice.token);
    const got = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/paymentInstructions/${instructionId}`,
    });
    expect(got.json()).toMatchObject({
      beneficiaryId: beneficiary.id,
      instruction: { id: instructionId, status: 'PENDING_REVIEW' },
    });

    const rows = await countRows();
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${instructionId}/approve`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ instruction: { status: 'APPROVED', reason: null } });
    const seen = await t.as(alice.token, {
      method: 'GET',
      url: `/v1/beneficiaries/${beneficiary.id}`,
    });
    expect(seen.json<BeneficiaryBody>().paymentInstructions[0]!.status).toBe('APPROVED');
    expect(await eventsOf('BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED', beneficiary.id)).toHaveLength(
      1,
    );

    const audit = await auditRows(t);
    expect(audit).toHaveLength(rows + 1);
    const row = audit.at(-1)!;
    expect(row).toMatchObject({
      action: 'PAYMENT_INSTRUCTION_APPROVED',
      subject_id: instructionId,
    });
    expect(JSON.parse(row.before!)).toMatchObject({ instruction: { status: 'PENDING_REVIEW' } });
    expect(JSON.parse(row.after!)).toMatchObject({ instruction: { status: 'APPROVED' } });

    // Decided for good: a second decision is 409 and audits nothing.
    for (const verb of ['approve', 'reject']) {
      const again = await asAdmin(t, {
        method: 'POST',
        url: `/admin/v1/paymentInstructions/${instructionId}/${verb}`,
        ...(verb === 'reject' ? { payload: { reason: { code: 'X', message: 'x' } } } : {}),
      });
      expectProblem(again, 409, 'INVALID_STATE');
    }
    expect(await countRows()).toBe(rows + 1);
  });

  it('rejects with a reason', async () => {
    const { beneficiary, instructionId } = await pendingInstruction(bob.token);
    const reason = { code: 'COMPLIANCE_REJECTED', message: 'Holder failed screening.' };
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${instructionId}/reject`,
      payload: { reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ instruction: { status: 'REJECTED', reason } });
    expect(await eventsOf('BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED', beneficiary.id)).toHaveLength(
      1,
    );
    expect((await auditRows(t)).at(-1)).toMatchObject({ action: 'PAYMENT_INSTRUCTION_REJECTED' });
  });

  it('validates the reason and answers 404 for unknown ids, auditing nothing', async () => {
    const { instructionId } = await pendingInstruction(alice.token);
    const rows = await countRows();
    expectProblem(
      await asAdmin(t, {
        method: 'POST',
        url: `/admin/v1/paymentInstructions/${instructionId}/reject`,
        payload: { reason: { code: 'lower case', message: '' } },
      }),
      400,
      'INVALID_DATA',
    );
    for (const res of [
      await asAdmin(t, { method: 'GET', url: '/admin/v1/paymentInstructions/pin_missing' }),
      await asAdmin(t, {
        method: 'POST',
        url: '/admin/v1/paymentInstructions/pin_missing/approve',
      }),
      await asAdmin(t, { method: 'GET', url: '/admin/v1/accounts/acc_missing' }),
      await asAdmin(t, { method: 'POST', url: '/admin/v1/accounts/acc_missing/freeze' }),
      await asAdmin(t, {
        method: 'POST',
        url: '/admin/v1/accounts/acc_missing/assets/BRL/activate',
      }),
    ]) {
      expectProblem(res, 404, 'RESOURCE_NOT_FOUND');
    }
    expect(await countRows()).toBe(rows);
  });

  const openAccount = async (token: string, assets: string[]) => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const act = (accountId: string, path: string, payload?: object) =>
    asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/${path}`,
      ...(payload ? { payload } : {}),
    });

  it('activates one asset (the account becomes ACTIVE) and fails another', async () => {
    const accountId = await openAccount(bob.token, ['BRL', 'USDT']);
    const rows = await countRows();
    const activated = await act(accountId, 'assets/BRL/activate');
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<AccountView>().account).toMatchObject({
      status: 'ACTIVE',
      assets: [
        { asset: 'BRL', status: 'ACTIVE' },
        { asset: 'USDT', status: 'ONBOARDING' },
      ],
    });
    expect(await eventsOf('ACCOUNT_ASSET_ACTIVATED', accountId)).toHaveLength(1);

    const reason = { code: 'KYB_INCOMPLETE', message: 'Documents missing.' };
    const failed = await act(accountId, 'assets/USDT/fail', { reason });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json<AccountView>().account.assets[1]).toEqual({
      asset: 'USDT',
      status: 'FAILED',
    });
    expect(await eventsOf('ACCOUNT_ASSET_FAILED', accountId)).toHaveLength(1);
    expect((await auditRows(t)).slice(rows).map((r) => r.action)).toEqual([
      'ACCOUNT_ASSET_ACTIVATED',
      'ACCOUNT_ASSET_FAILED',
    ]);

    // Not ONBOARDING any more, or not held: 409, nothing audited, no event.
    for (const res of [
      await act(accountId, 'assets/BRL/activate'),
      await act(accountId, 'assets/USDT/activate'),
      await act(accountId, 'assets/BTC/activate'),
      await act(accountId, 'assets/BRL/fail', { reason }),
    ]) {
      expectProblem(res, 409, 'INVALID_STATE');
    }
    expect(await countRows()).toBe(rows + 2);
    expect(await eventsOf('ACCOUNT_ASSET_ACTIVATED', accountId)).toHaveLength(1);
    expectProblem(await act(accountId, 'assets/DOGE/activate'), 400, 'INVALID_DATA');
  });

  it('freezes and unfreezes through the state machine; repeating either is 409', async () => {
    const opening = await openAccount(alice.token, ['BRL']);
    expectProblem(await act(opening, 'freeze'), 409, 'INVALID_STATE');
    expect((await act(opening, 'assets/BRL/activate')).statusCode).toBe(200);

    const rows = await countRows();
    const frozen = await act(opening, 'freeze');
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json<AccountView>()).toMatchObject({ account: { status: 'FROZEN' } });
    const seen = await t.as(alice.token, { method: 'GET', url: `/v1/accounts/${opening}` });
    expect(seen.json()).toMatchObject({ status: 'FROZEN' });
    expectProblem(await act(opening, 'freeze'), 409, 'INVALID_STATE');

    const unfrozen = await act(opening, 'unfreeze');
    expect(unfrozen.json<AccountView>()).toMatchObject({ account: { status: 'ACTIVE' } });
    expectProblem(await act(opening, 'unfreeze'), 409, 'INVALID_STATE');

    const audit = (await auditRows(t)).slice(rows);
    expect(audit.map((r) => [r.action, r.subject_type, r.subject_id])).toEqual([
      ['ACCOUNT_FROZEN', 'ACCOUNT', opening],
      ['ACCOUNT_UNFROZEN', 'ACCOUNT', opening],
    ]);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ account: { status: 'ACTIVE' } });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ account: { status: 'FROZEN' } });
  });

  it('reads any customer’s account by id', async () => {
    const accountId = await openAccount(bob.token, ['BRL']);
    const res = await asAdmin(t, { method: 'GET', url: `/admin/v1/accounts/${accountId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<AccountView>().account).toMatchObject({ id: accountId, status: 'OPENING' });
  });
});
