import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { postDeposit, postWithdrawal, type OperationBody } from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { activeAccount, approvedBeneficiary, useSandboxApp } from '../helpers/world.js';

type Page = { data: OperationBody[]; meta: { nextCursor: string | null } };

// Issue 16 point 3: every creating operation request takes `metadata`; an operation's metadata
// starts as a copy of its account's with the request's merged on top; it is in the view and the
// events, and operation lists filter by `metadata[key]=value`.
describe.each(ENGINES)('operation metadata on %s', (engine) => {
  let token: string;
  let accountId: string;

  const { t, clock } = useSandboxApp(engine);

  beforeAll(async () => {
    ({ token } = await t.customer('Metadata ops'));
    accountId = await activeAccount(t, clock, token, { fund: { asset: 'BRL', amount: '500.00' } });
    const res = await t.as(token, {
      method: 'PATCH',
      url: `/v1/accounts/${accountId}`,
      payload: { metadata: { tenant: 'acme', region: 'sp' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  const list = async (query: string) => {
    const res = await t.as(token, { method: 'GET', url: `/v1/operations?limit=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('copies the account\'s metadata and merges the request\'s on top (request wins, "" removes)', async () => {
    const res = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '10.00',
      metadata: { invoice: 'INV-1', region: 'rj', tenant: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const op = res.json<OperationBody>();
    expect(op.metadata).toEqual({ region: 'rj', invoice: 'INV-1' });
    const read = await t.as(token, { method: 'GET', url: `/v1/operations/${op.id}` });
    expect(read.json<OperationBody>().metadata).toEqual({ region: 'rj', invoice: 'INV-1' });
  });

  it('lists each operation with its own metadata, escapes included, paging forward and back', async () => {
    // Lists write the stored metadata into the page as stored (lib/stored-metadata.ts); a page
    // read backwards builds its views in the other order, so each slot must find its own row.
    const given = [
      { n: '0', text: 'quote " and \\ backslash' },
      { n: '1', looks: '{"\\u0000":"0"}' },
      { n: '2', line: 'a\u2028b\nc' },
    ];
    for (const [i, metadata] of given.entries()) {
      const res = await postDeposit(t, token, {
        accountId,
        asset: 'BRL',
        amount: `2${i}.00`,
        metadata,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = async (query: string) => {
      const res = await t.as(token, { method: 'GET', url: `/v1/operations?limit=2&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page & { meta: { previousCursor: string } }>();
    };
    const first = await page('sortOrder=DESCENDING');
    const second = await page(`cursor=${encodeURIComponent(first.meta.nextCursor!)}`);
    const back = await page(
      `direction=PREVIOUS&cursor=${encodeURIComponent(second.meta.previousCursor)}`,
    );
    expect(back.data).toEqual(first.data);
    for (const op of [...first.data, ...second.data]) {
      const read = await t.as(token, { method: 'GET', url: `/v1/operations/${op.id}` });
      expect(op.metadata).toEqual(read.json<OperationBody>().metadata);
    }
    expect(first.data.map((op) => op.metadata)).toEqual([
      { tenant: 'acme', region: 'sp', ...given[2] },
      { tenant: 'acme', region: 'sp', ...given[1] },
    ]);
  });

  it("gives an operation without metadata its account's", async () => {
    const res = await postDeposit(t, token, { accountId, asset: 'BRL', amount: '11.00' });
    expect(res.json<OperationBody>().metadata).toEqual({ tenant: 'acme', region: 'sp' });
  });

  it('puts the metadata in the operation events', async () => {
    const res = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '12.00',
      metadata: { invoice: 'INV-EVT' },
    });
    const id = res.json<OperationBody>().id;
    const events = await t.as(token, {
      method: 'GET',
      url: '/v1/events?type=OPERATION_REQUESTED&limit=100',
    });
    const event = events
      .json<{ data: { data: { id: string; metadata: Record<string, string> } }[] }>()
      .data.find((e) => e.data.id === id);
    expect(event?.data.metadata).toEqual({ tenant: 'acme', region: 'sp', invoice: 'INV-EVT' });
  });

  it('takes metadata on every kind through the one pipeline (a withdrawal too)', async () => {
    const to = await approvedBeneficiary(t, clock, token);
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      beneficiary: to,
      metadata: { payout: 'P-9' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OperationBody>().metadata).toEqual({
      tenant: 'acme',
      region: 'sp',
      payout: 'P-9',
    });
  });

  it('filters the list by metadata pairs, ANDed, and binds the cursor to the filter', async () => {
    const byInvoice = await list('metadata[invoice]=INV-1');
    expect(byInvoice.data.map((o) => (o.metadata as Record<string, string>)['invoice'])).toEqual([
      'INV-1',
    ]);
    const both = await list('metadata[tenant]=acme&metadata[region]=sp');
    expect(both.data.length).toBeGreaterThanOrEqual(3);
    for (const op of both.data) expect(op.metadata).toMatchObject({ tenant: 'acme', region: 'sp' });
    expect((await list('metadata[tenant]=acme&metadata[region]=rj')).data).toEqual([]);
    const first = await t.as(token, {
      method: 'GET',
      url: '/v1/operations?limit=1&metadata[tenant]=acme',
    });
    const cursor = first.json<Page>().meta.nextCursor!;
    expect(cursor).toBeTruthy();
    expectProblem(
      await t.as(token, {
        method: 'GET',
        url: `/v1/operations?limit=1&metadata[tenant]=other&cursor=${encodeURIComponent(cursor)}`,
      }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('refuses metadata over the limits with a pointer, creating nothing', async () => {
    const before = (await list('')).data.length;
    const tooLong = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      metadata: { ['k'.repeat(41)]: 'v' },
    });
    expectProblem(tooLong, 400, 'INVALID_DATA');
    const fifty = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`key${i}`, 'v']));
    // 49 of the request's own plus the account's 2 is 51: the merged result is over the limit.
    const merged = await postDeposit(t, token, {
      accountId,
      asset: 'BRL',
      amount: '1.00',
      metadata: fifty,
    });
    expectProblem(merged, 400, 'INVALID_DATA');
    expect((await list('')).data.length).toBe(before);
  });

  it("keeps another customer's operations out of a metadata filter", async () => {
    const other = await t.customer('Other');
    const res = await t.as(other.token, {
      method: 'GET',
      url: '/v1/operations?metadata[tenant]=acme',
    });
    expect(res.json<Page>().data).toEqual([]);
  });
});
