import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, ADMIN_TOKEN } from '../../server/test/helpers/admin.js';
import { createBeneficiary } from '../../server/test/helpers/beneficiaries.js';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

/** Whether a line is a JSON document (what the text output must never be). */
const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return /^[[{]/.test(line);
  } catch {
    return false;
  }
};

/**
 * Issue 27 point 7: `cofre admin` lists what is waiting (customers, instructions, operations,
 * accounts: the admin API's list routes), and every admin command follows the CLI's output
 * rule — text lines by default (`get`, `approve`… printed raw JSON before), one JSON value with
 * `--json`.
 */
describe.each(ENGINES)('cofre admin lists on %s', (engine) => {
  let t: TestApp;
  let url: string;
  const env = { COFRE_ADMIN_TOKEN: ADMIN_TOKEN };
  const admin = (...args: string[]) => cofre(['admin', ...args, '--url', url], env);
  const text = async (...args: string[]) => {
    const run = await admin(...args);
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out.filter(isJson), `cofre admin ${args.join(' ')}`).toEqual([]);
    return run.out;
  };
  const json = async (...args: string[]) => {
    const run = await admin(...args, '--json');
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out).toHaveLength(1);
    return JSON.parse(run.out[0]!) as { data: Record<string, unknown>[]; meta: object };
  };

  beforeAll(async () => {
    // No worker: nothing settles by itself, as in production — everything waits for the lists.
    t = await createTestApp(engine, { env: ADMIN_ENV });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('lists customers, instructions, accounts and operations, filtered and paged', async () => {
    const customer = await t.customer('Lists Ltda');
    const beneficiary = await createBeneficiary(t, customer.token);
    const instructionId = beneficiary.paymentInstructions[0]!.id;
    const opened = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'], name: 'Main' },
    });
    const accountId = opened.json<{ id: string }>().id;
    await admin('accounts', 'activate-asset', accountId, 'BRL');
    const deposit = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId, asset: 'BRL', amount: '12.34' },
    });
    const operationId = deposit.json<{ id: string }>().id;

    const customers = await text('customers', 'list', '--limit', '100');
    expect(customers).toContainEqual(
      expect.stringMatching(new RegExp(`^${customer.customerId}  Lists Ltda`)),
    );

    const queue = await text(
      'instructions',
      'list',
      '--status',
      'PENDING_REVIEW',
      '--customer-id',
      customer.customerId,
    );
    expect(queue).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${instructionId}  PIX BRL  EMAIL \\S+  PENDING_REVIEW  holder Maria Silva \\(INDIVIDUAL\\)`,
        ),
      ),
    ]);
    const accounts = await text('accounts', 'list', '--customer-id', customer.customerId);
    expect(accounts).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${accountId}  CHECKING "Main"  ACTIVE  BRL ACTIVE  \\(customer ${customer.customerId}\\)$`,
        ),
      ),
    ]);
    const waiting = await text(
      'operations',
      'list',
      '--status',
      'REQUESTED',
      '--account-id',
      accountId,
    );
    expect(waiting).toEqual([
      expect.stringMatching(
        new RegExp(`^${operationId}  DEPOSIT 12.34 BRL  REQUESTED  \\(customer `),
      ),
    ]);
    // A filter that matches nothing says so.
    expect(
      await text('operations', 'list', '--status', 'FAILED', '--account-id', accountId),
    ).toEqual(['no operations']);

    // --json: the API's page, as is.
    const page = await json('operations', 'list', '--account-id', accountId);
    expect(page.data).toEqual([
      expect.objectContaining({ operation: expect.objectContaining({ id: operationId }) }),
    ]);
    expect(page.meta).toMatchObject({ total: 1 });
  });

  it('pages on with the cursor the text output names', async () => {
    for (let i = 0; i < 3; i += 1) await t.customer(`Paged ${i}`);
    const first = await text('customers', 'list', '--limit', '2');
    expect(first).toHaveLength(3);
    const more = /^more: --cursor (\S+)$/.exec(first[2]!)?.[1];
    expect(more).toBeDefined();
    const second = await text('customers', 'list', '--limit', '2', '--cursor', more!);
    expect(second.filter((l) => l.startsWith('cus_'))).toHaveLength(2);
    expect(second.slice(0, 2)).not.toEqual(first.slice(0, 2));
  });

  it('prints text, not JSON, for every get and action without --json', async () => {
    const customer = await t.customer('Text Ltda');
    const beneficiary = await createBeneficiary(t, customer.token);
    const instructionId = beneficiary.paymentInstructions[0]!.id;
    const opened = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL'] },
    });
    const accountId = opened.json<{ id: string }>().id;
    const clients = await json('clients', 'list', customer.customerId);
    const clientId = String(clients.data[0]!.id);

    expect(await text('customers', 'get', customer.customerId)).toEqual([
      expect.stringMatching(/^cus_\S+ {2}Text Ltda {2}\(created /),
    ]);
    expect(await text('clients', 'list', customer.customerId)).toEqual([
      expect.stringMatching(new RegExp(`^${clientId}  Text Ltda  ACTIVE  secret v1`)),
    ]);
    expect(await text('clients', 'disable', clientId)).toEqual([
      expect.stringContaining('DISABLED'),
    ]);
    expect(await text('instructions', 'get', instructionId)).toEqual([
      expect.stringContaining('PENDING_REVIEW'),
    ]);
    expect(await text('instructions', 'approve', instructionId)).toEqual([
      expect.stringContaining('APPROVED'),
    ]);
    expect(await text('accounts', 'get', accountId)).toEqual([expect.stringContaining('OPENING')]);
    expect(await text('accounts', 'activate-asset', accountId, 'BRL')).toEqual([
      expect.stringContaining('ACTIVE  BRL ACTIVE'),
    ]);
    expect(await text('accounts', 'freeze', accountId)).toEqual([
      expect.stringContaining('FROZEN'),
    ]);
  });
});
