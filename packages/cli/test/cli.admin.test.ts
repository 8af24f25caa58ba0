import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ADMIN_ENV, ADMIN_TOKEN } from '../../server/test/helpers/admin.js';
import { createBeneficiary } from '../../server/test/helpers/beneficiaries.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

// Issue 7 point 10: `npx cofre admin …` drives the back-office over HTTP, against a real
// listening server, so an operator never touches the database.
describe.each(ENGINES)('cofre admin against a listening server on %s', (engine) => {
  let t: TestApp;
  let url: string;
  const env = { COFRE_ADMIN_TOKEN: ADMIN_TOKEN };
  const admin = (...args: string[]) => cofre(['admin', ...args, '--url', url], env);
  const json = async (...args: string[]) => {
    const run = await admin(...args, '--json');
    expect(run.code, run.err.join('\n')).toBe(0);
    return JSON.parse(run.out[0]!) as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { env: ADMIN_ENV });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('creates a customer and manages its clients', async () => {
    const created = await admin('customers', 'create', '--name', 'Acme', '--actor', 'ana');
    expect(created.code, created.err.join('\n')).toBe(0);
    expect(created.out[0]).toMatch(/^customerId: +cus_/);
    expect(created.out.at(-1)).toBe('The secret is shown only now; store it safely.');
    const customerId = created.out[0]!.split(/ +/)[1]!;

    const client = await json('clients', 'create', customerId, '--name', 'batch');
    expect(client).toMatchObject({ customerId, clientSecret: expect.any(String) as string });
    const clientId = client.clientId as string;
    expect(await json('clients', 'rotate-secret', clientId)).toMatchObject({ secretVersion: 2 });
    expect(await json('clients', 'disable', clientId)).toMatchObject({ status: 'DISABLED' });
    expect(await json('clients', 'enable', clientId)).toMatchObject({ status: 'ACTIVE' });
    const list = await json('clients', 'list', customerId);
    expect((list.data as unknown[]).length).toBe(2);
    expect(await json('customers', 'get', customerId)).toMatchObject({ name: 'Acme' });

    const log = await json('audit-log', 'list', '--subject-id', clientId);
    expect((log.data as { action: string }[]).map((d) => d.action)).toEqual([
      'CLIENT_ENABLED',
      'CLIENT_DISABLED',
      'CLIENT_SECRET_ROTATED',
      'CLIENT_CREATED',
    ]);
    const lines = await admin('audit-log', 'list', '--action', 'CUSTOMER_CREATED');
    expect(lines.out).toEqual([
      expect.stringMatching(/CUSTOMER_CREATED +CUSTOMER cus_\S+ +by ana$/),
    ]);
    // An empty page says so instead of printing nothing.
    const none = await admin('audit-log', 'list', '--subject-id', 'cus_00000000000000000000000000');
    expect(none.out).toEqual(['no audit entries']);
  });

  it('decides instructions and drives accounts', async () => {
    const customer = await t.customer();
    const first = await createBeneficiary(t, customer.token);
    const second = await createBeneficiary(t, customer.token, {
      holder: { type: 'COMPANY', name: 'Beta SA', taxId: '11222333000181' },
    });
    const approve = first.paymentInstructions[0]!.id;
    const reject = second.paymentInstructions[0]!.id;
    expect(await json('instructions', 'approve', approve)).toMatchObject({
      instruction: { status: 'APPROVED' },
    });
    expect(
      await json(
        'instructions',
        'reject',
        reject,
        '--code',
        'COMPLIANCE_REJECTED',
        '--message',
        'no',
      ),
    ).toMatchObject({
      instruction: { status: 'REJECTED', reason: { code: 'COMPLIANCE_REJECTED' } },
    });
    expect(await json('instructions', 'get', approve)).toMatchObject({ beneficiaryId: first.id });

    const opened = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
    });
    const accountId = opened.json<{ id: string }>().id;
    expect(await json('accounts', 'activate-asset', accountId, 'BRL')).toMatchObject({
      account: { status: 'ACTIVE' },
    });
    const failed = await json(
      'accounts',
      'fail-asset',
      accountId,
      'USDT',
      '--code',
      'KYB',
      '--message',
      'x',
    );
    expect(failed).toMatchObject({
      account: { assets: [{}, { asset: 'USDT', status: 'FAILED' }] },
    });
    expect(await json('accounts', 'freeze', accountId)).toMatchObject({
      account: { status: 'FROZEN' },
    });
    expect(await json('accounts', 'get', accountId)).toMatchObject({
      account: { status: 'FROZEN' },
    });
    expect(await json('accounts', 'unfreeze', accountId)).toMatchObject({
      account: { status: 'ACTIVE' },
    });
  });

  it('drives operations: receive a deposit, complete and fail withdrawals', async () => {
    const customer = await t.customer();
    const opened = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'] },
    });
    const accountId = opened.json<{ id: string }>().id;
    await json('accounts', 'activate-asset', accountId, 'BRL');
    const deposit = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId, asset: 'BRL', amount: '100.00' },
    });
    const depositId = deposit.json<{ id: string }>().id;
    expect(await json('operations', 'get', depositId)).toMatchObject({
      customerId: customer.customerId,
      operation: { status: 'REQUESTED' },
    });
    const received = await admin('operations', 'receive', depositId, '--amount', '90.00');
    expect(received.code, received.err.join('\n')).toBe(0);
    expect(received.out).toEqual([
      `${depositId}  DEPOSIT 100.00 BRL  COMPLETED  (customer ${customer.customerId})`,
    ]);
    expect(await json('operations', 'get', depositId)).toMatchObject({
      operation: { receivedAmount: '90.00' },
    });

    const beneficiary = await createBeneficiary(t, customer.token);
    const instructionId = beneficiary.paymentInstructions[0]!.id;
    await json('instructions', 'approve', instructionId);
    const withdraw = async () => {
      const res = await t.as(customer.token, {
        method: 'POST',
        url: '/v1/operations/withdrawal',
        payload: {
          accountId,
          asset: 'BRL',
          amount: '10.00',
          beneficiary: { id: beneficiary.id, paymentInstructionId: instructionId },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const completed = await withdraw();
    expect(await json('operations', 'complete', completed)).toMatchObject({
      operation: { status: 'COMPLETED', endToEndId: expect.any(String) as string },
    });
    const failed = await withdraw();
    expect(
      await json('operations', 'fail', failed, '--code', 'RAIL_REJECTED', '--message', 'no'),
    ).toMatchObject({ operation: { status: 'FAILED', reason: { code: 'RAIL_REJECTED' } } });

    const again = await admin('operations', 'complete', completed);
    expect(again.code).toBe(1);
    expect(again.err[0]).toMatch(/^cofre: 409 INVALID_STATE: /);

    // The completed withdrawal's 10.00 comes back with a REVERSAL, once.
    const reversed = await admin(
      'operations',
      'reverse',
      completed,
      '--code',
      'RAIL_RETURNED',
      '--message',
      'Returned by the receiving bank',
    );
    expect(reversed.code, reversed.err.join('\n')).toBe(0);
    expect(reversed.out[0]).toMatch(
      /^op_\w+ {2}REVERSAL 10\.00 BRL {2}COMPLETED {2}\(customer cus_\w+\)$/,
    );
    const twice = await admin('operations', 'reverse', completed, '--code', 'X', '--message', 'x');
    expect(twice.err[0]).toMatch(/^cofre: 409 ALREADY_REVERSED: /);
    const balances = await t.as(customer.token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/balances`,
    });
    expect(balances.json()).toMatchObject({
      data: [{ asset: 'BRL', available: '90.00', pending: '0.00' }],
    });
  });

  it('prints a refusal as its problem code and exits 1', async () => {
    const run = await admin('accounts', 'freeze', 'acc_missing');
    expect(run.code).toBe(1);
    expect(run.err).toEqual(['cofre: 404 RESOURCE_NOT_FOUND: Account acc_missing was not found.']);
  });

  it('exits 1 on a wrong token and 2 without one, never printing the token', async () => {
    const wrong = await cofre(['admin', 'customers', 'get', 'cus_x', '--url', url], {
      COFRE_ADMIN_TOKEN: `${ADMIN_TOKEN}-wrong`,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.err[0]).toMatch(/^cofre: 401 ADMIN_UNAUTHORIZED: /);
    expect(wrong.err.join('\n')).not.toContain(ADMIN_TOKEN);
    const none = await cofre(['admin', 'customers', 'get', 'cus_x', '--url', url], {});
    expect(none.code).toBe(2);
    expect(none.err[0]).toMatch(/COFRE_ADMIN_TOKEN/);
  });

  it('says so when the server is not reachable', async () => {
    const run = await cofre(['admin', 'audit-log', 'list', '--url', 'http://127.0.0.1:1'], env);
    expect(run.code).toBe(1);
    expect(run.err[0]).toMatch(/^cofre: cannot reach http:\/\/127\.0\.0\.1:1: /);
  });
});
