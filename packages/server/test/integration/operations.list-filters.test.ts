import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { postDeposit, postWithdrawal, type OperationBody } from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary, useSandboxApp } from '../helpers/world.js';

interface Page {
  data: OperationBody[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

// Issue 16 point 3: GET /v1/operations filters by type and status (several of each), asset,
// account, a createdAt range [from, to) and external reference; every filter is part of the
// cursor's binding, so a cursor is refused under other filters.
describe.each(ENGINES)('operation list filters on %s', (engine) => {
  let token: string;
  /** What the setup created, by name, in creation order. */
  const ops: Record<string, OperationBody> = {};
  let brlAccount: string;
  let mixedAccount: string;

  const { t, clock } = useSandboxApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
    const otherToken = (await t.customer()).token;
    brlAccount = await activeAccount(t, clock, token, { fund: { asset: 'BRL', amount: '100.00' } });
    mixedAccount = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
    const to = await approvedBeneficiary(t, clock, token);
    // Another customer with the same reference: never in this customer's lists.
    const otherAccount = await activeAccount(t, clock, otherToken);
    const other = await postDeposit(t, otherToken, {
      accountId: otherAccount,
      asset: 'BRL',
      amount: '1.00',
      externalReference: 'payout-1',
    });
    expect(other.statusCode, other.body).toBe(201);
    const create = async (name: string, res: Promise<{ statusCode: number; body: string }>) => {
      const answer = await res;
      expect(answer.statusCode, answer.body).toBe(201);
      ops[name] = JSON.parse(answer.body) as OperationBody;
      clock.advance(1_000);
    };
    await create(
      'usdtDeposit',
      postDeposit(t, token, {
        accountId: mixedAccount,
        asset: 'USDT',
        amount: '5.00',
        externalReference: 'usdt-1',
      }),
    );
    await create(
      'brlDeposit',
      postDeposit(t, token, { accountId: mixedAccount, asset: 'BRL', amount: '7.00' }),
    );
    await create(
      'withdrawal',
      postWithdrawal(t, token, {
        accountId: brlAccount,
        asset: 'BRL',
        amount: '10.00',
        beneficiary: to,
        externalReference: 'payout-1',
      }),
    );
    await create(
      'lastDeposit',
      postDeposit(t, token, { accountId: brlAccount, asset: 'BRL', amount: '3.00' }),
    );
  });

  const list = async (query: string) => {
    const res = await t.as(token, { method: 'GET', url: `/v1/operations?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const idsOf = async (query: string) => (await list(`limit=100&${query}`)).data.map((o) => o.id);
  const id = (name: string) => ops[name]!.id;
  const at = (name: string) => ops[name]!.createdAt as string;

  it('filters by several types with the parameter repeated, and by one', async () => {
    expect(await idsOf('type=WITHDRAWAL')).toEqual([id('withdrawal')]);
    const both = await idsOf(`type=WITHDRAWAL&type=DEPOSIT&createdAtFrom=${at('usdtDeposit')}`);
    expect(both).toEqual([
      id('lastDeposit'),
      id('withdrawal'),
      id('brlDeposit'),
      id('usdtDeposit'),
    ]);
    expect(await idsOf('type=SWAP&type=ORDER')).toEqual([]);
  });

  it('filters by several statuses', async () => {
    // The funding deposit is COMPLETED; no step has run since the others were requested.
    const [funding] = await idsOf(`status=COMPLETED&accountId=${brlAccount}`);
    expect(funding).toBeDefined();
    expect(await idsOf('status=COMPLETED')).toEqual([funding]);
    const requested = [id('lastDeposit'), id('withdrawal'), id('brlDeposit'), id('usdtDeposit')];
    expect(await idsOf('status=REQUESTED')).toEqual(requested);
    expect(await idsOf('status=REQUESTED&status=COMPLETED')).toEqual([...requested, funding]);
    expect(await idsOf('status=FAILED&status=PROCESSING')).toEqual([]);
  });

  it('filters by asset and by account', async () => {
    expect(await idsOf('asset=USDT')).toEqual([id('usdtDeposit')]);
    expect(await idsOf(`asset=BRL&accountId=${mixedAccount}`)).toEqual([id('brlDeposit')]);
    expect(await idsOf(`asset=BRL&asset=USDT&accountId=${mixedAccount}`)).toEqual([
      id('brlDeposit'),
      id('usdtDeposit'),
    ]);
  });

  it('filters by external reference, exactly, and only among the customer’s own', async () => {
    expect(await idsOf('externalReference=payout-1')).toEqual([id('withdrawal')]);
    expect(await idsOf('externalReference=payout')).toEqual([]);
    expect(await idsOf('externalReference=usdt-1&type=WITHDRAWAL')).toEqual([]);
  });

  it('filters by a createdAt range, from inclusive and to exclusive', async () => {
    const from = at('brlDeposit');
    const to = at('lastDeposit');
    expect(await idsOf(`createdAtFrom=${from}&createdAtTo=${to}`)).toEqual([
      id('withdrawal'),
      id('brlDeposit'),
    ]);
    expect(await idsOf(`createdAtFrom=${to}`)).toEqual([id('lastDeposit')]);
    expect(await idsOf(`createdAtTo=${from}&createdAtFrom=${at('usdtDeposit')}`)).toEqual([
      id('usdtDeposit'),
    ]);
    // An offset is a time like any other: the same instant, written in São Paulo time.
    const local = new Date(Date.parse(to) - 3 * 3600_000).toISOString().replace('Z', '-03:00');
    expect(await idsOf(`createdAtFrom=${encodeURIComponent(local)}`)).toEqual([id('lastDeposit')]);
  });

  it('combines filters', async () => {
    expect(
      await idsOf(
        `type=DEPOSIT&status=REQUESTED&asset=BRL&accountId=${brlAccount}&createdAtFrom=${at('usdtDeposit')}`,
      ),
    ).toEqual([id('lastDeposit')]);
  });

  it('pages a filtered list forwards and back with the same items', async () => {
    const query = `type=DEPOSIT&type=WITHDRAWAL&createdAtFrom=${at('usdtDeposit')}&limit=2`;
    const first = await list(query);
    expect(first.data.map((o) => o.id)).toEqual([id('lastDeposit'), id('withdrawal')]);
    const second = await list(`${query}&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((o) => o.id)).toEqual([id('brlDeposit'), id('usdtDeposit')]);
    expect(second.meta.nextCursor).toBeNull();
    const back = await list(`${query}&cursor=${second.meta.previousCursor}&direction=PREVIOUS`);
    expect(back.data.map((o) => o.id)).toEqual([id('lastDeposit'), id('withdrawal')]);
  });

  it('binds the cursor to the filters: the same filters in another order pass, others are refused', async () => {
    const query = 'type=DEPOSIT&type=WITHDRAWAL&status=REQUESTED&status=COMPLETED&limit=1';
    const cursor = (await list(query)).meta.nextCursor!;
    expect(cursor).not.toBeNull();
    const reordered = await t.as(token, {
      method: 'GET',
      url: `/v1/operations?status=COMPLETED&status=REQUESTED&type=WITHDRAWAL&type=DEPOSIT&limit=1&cursor=${cursor}`,
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    for (const other of [
      'type=DEPOSIT&status=REQUESTED&status=COMPLETED',
      `${query}&asset=BRL`,
      `${query}&accountId=${brlAccount}`,
      `${query}&externalReference=payout-1`,
      `${query}&createdAtFrom=${at('usdtDeposit')}`,
      `${query}&createdAtTo=${at('lastDeposit')}`,
    ]) {
      expectProblem(
        await t.as(token, { method: 'GET', url: `/v1/operations?${other}&cursor=${cursor}` }),
        400,
        'INVALID_CURSOR',
      );
    }
  });

  it('refuses bad filter values with 400 INVALID_DATA naming the parameter', async () => {
    for (const [query, pointer, code] of [
      ['type=NOPE', '/type/0', 'INVALID_ENUM'],
      ['type=DEPOSIT&type=DEPOSIT', '/type', 'DUPLICATE_ITEM'],
      ['status=DONE', '/status/0', 'INVALID_ENUM'],
      ['asset=EUR', '/asset/0', 'INVALID_ENUM'],
      ['createdAtFrom=yesterday', '/createdAtFrom', 'INVALID_FORMAT'],
      ['createdAtTo=2026-13-01T00:00:00Z', '/createdAtTo', 'INVALID_FORMAT'],
      ['externalReference=has%20space', '/externalReference', 'INVALID_FORMAT'],
      [`externalReference=${'x'.repeat(65)}`, '/externalReference', 'INVALID_LENGTH'],
      [
        'createdAtFrom=2026-01-02T00:00:00Z&createdAtTo=2026-01-01T00:00:00Z',
        '/createdAtTo',
        'OUT_OF_RANGE',
      ],
      [
        'createdAtFrom=2026-01-01T00:00:00Z&createdAtTo=2026-01-01T00:00:00Z',
        '/createdAtTo',
        'OUT_OF_RANGE',
      ],
    ] as const) {
      const problem = expectProblem(
        await t.as(token, { method: 'GET', url: `/v1/operations?${query}` }),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors, query).toContainEqual(
        expect.objectContaining({ pointer, in: 'query', code }),
      );
    }
  });
});
