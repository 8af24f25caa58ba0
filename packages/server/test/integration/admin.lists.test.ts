import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS } from '../../src/jobs/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { cpf, createBeneficiary, PIX_EMAIL, postInstruction } from '../helpers/beneficiaries.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { postDeposit } from '../helpers/operations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Page<T> {
  data: T[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}
interface InstructionItem {
  customerId: string;
  beneficiaryId: string;
  holder: { type: string; name: string; taxId: string };
  relationshipType: string;
  removedAt: string | null;
  instruction: { id: string; status: string };
}
interface OperationItem {
  customerId: string;
  operation: { id: string; type: string; status: string; accountId: string };
}
interface AccountItem {
  customerId: string;
  account: { id: string; status: string; balances?: unknown; assets: { status: string }[] };
}

interface Customer {
  customerId: string;
  token: string;
  accountId: string;
  openingAccountId: string;
  beneficiaryId: string;
  instructionIds: string[];
  depositIds: string[];
}

// Issue 18: the back-office finds what to act on across customers — every customer, the review
// queue, operations and accounts — paginated like every list, and the job queue's health. No
// worker runs, so nothing moves unless the test moves it; the clock is moved by hand.
describe.each(ENGINES)('admin lists on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 12));
  const customers: Customer[] = [];

  const get = async <T>(url: string): Promise<Page<T>> => {
    const res = await asAdmin(t, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<Page<T>>();
  };
  const join = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

  /**
   * Every page of `url` forward at `limit` items, then back from the last page: the pages going
   * back must be the pages going forward, item for item. Answers the items in order.
   */
  const walk = async <T>(url: string, limit: number, key: (item: T) => string) => {
    const forward: Page<T>[] = [await get<T>(join(url, `limit=${limit}`))];
    while (forward.at(-1)!.meta.nextCursor) {
      forward.push(
        await get<T>(join(url, `limit=${limit}&cursor=${forward.at(-1)!.meta.nextCursor}`)),
      );
    }
    expect(forward[0]!.meta.previousCursor).toBeNull();
    for (let i = forward.length - 1; i > 0; i--) {
      const back = await get<T>(
        join(url, `limit=${limit}&cursor=${forward[i]!.meta.previousCursor}`),
      );
      expect(back.data.map(key)).toEqual(forward[i - 1]!.data.map(key));
    }
    const items = forward.flatMap((p) => p.data);
    expect(new Set(items.map(key)).size, 'no duplicates').toBe(items.length);
    return items;
  };

  const t = useTestApp(engine, { env: ADMIN_ENV, clock });

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      const customer = await t.customer(`Lists ${i}`);
      const opened = async () => {
        const res = await t.as(customer.token, {
          method: 'POST',
          url: '/v1/accounts',
          payload: { type: 'CHECKING', assets: ['BRL'] },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: string }>().id;
      };
      clock.advance(1_000);
      const accountId = await opened();
      const activated = await asAdmin(t, {
        method: 'POST',
        url: `/admin/v1/accounts/${accountId}/assets/BRL/activate`,
      });
      expect(activated.statusCode, activated.body).toBe(200);
      clock.advance(1_000);
      const openingAccountId = await opened();
      clock.advance(1_000);
      const beneficiary = await createBeneficiary(t, customer.token, {
        holder: { type: 'INDIVIDUAL', name: `Holder ${i}`, taxId: cpf('529982247') },
      });
      clock.advance(1_000);
      const second = await postInstruction(t, customer.token, beneficiary.id, {
        ...PIX_EMAIL,
        key: `second-${i}@example.com`,
      });
      expect(second.statusCode, second.body).toBe(201);
      const depositIds = [];
      for (let d = 0; d < 2; d++) {
        clock.advance(1_000);
        const deposit = await postDeposit(t, customer.token, {
          accountId,
          asset: 'BRL',
          amount: '10.00',
        });
        expect(deposit.statusCode, deposit.body).toBe(201);
        depositIds.push(deposit.json<{ id: string }>().id);
      }
      customers.push({
        customerId: customer.customerId,
        token: customer.token,
        accountId,
        openingAccountId,
        beneficiaryId: beneficiary.id,
        instructionIds: [beneficiary.paymentInstructions[0]!.id, second.json<{ id: string }>().id],
        depositIds,
      });
    }
  });

  it('lists every customer newest first, page by page, forward and back without gaps', async () => {
    // Customers made through the back-office are listed with the others.
    clock.advance(1_000);
    const created = await asAdmin(t, {
      method: 'POST',
      url: '/admin/v1/customers',
      payload: { name: 'Made by an operator' },
    });
    const madeHere = created.json<{ customerId: string }>().customerId;
    const all = await walk<{ id: string; name: string; createdAt: string }>(
      '/admin/v1/customers',
      2,
      (c) => c.id,
    );
    expect(all.map((c) => c.id)).toEqual([
      madeHere,
      ...customers.map((c) => c.customerId).reverse(),
    ]);
    expect(all[0]).toMatchObject({ name: 'Made by an operator' });
    const ascending = await walk<{ id: string }>(
      '/admin/v1/customers?sortOrder=ASCENDING',
      3,
      (c) => c.id,
    );
    expect(ascending.map((c) => c.id)).toEqual(all.map((c) => c.id).reverse());
  });

  it('refuses a tampered cursor, a customer’s, another list’s and another filter’s', async () => {
    const page = await get<{ id: string }>('/admin/v1/customers?limit=1');
    const cursor = page.meta.nextCursor!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const flipped = `${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const customerCursor = (
      await t.as(customers[0]!.token, { method: 'GET', url: '/v1/accounts?limit=1' })
    ).json<Page<unknown>>().meta.nextCursor!;
    const accountsCursor = (await get('/admin/v1/accounts?limit=1')).meta.nextCursor!;
    const pendingCursor = (await get('/admin/v1/paymentInstructions?status=PENDING_REVIEW&limit=1'))
      .meta.nextCursor!;
    for (const url of [
      `/admin/v1/customers?cursor=${flipped}`,
      `/admin/v1/customers?cursor=${customerCursor}`,
      `/admin/v1/accounts?cursor=${customerCursor}`,
      `/admin/v1/customers?cursor=${accountsCursor}`,
      `/admin/v1/paymentInstructions?status=APPROVED&cursor=${pendingCursor}`,
      `/admin/v1/paymentInstructions?cursor=${pendingCursor}`,
      `/admin/v1/customers?sortOrder=ASCENDING&cursor=${cursor}`,
      `/admin/v1/auditLog?cursor=${cursor}`,
    ]) {
      expectProblem(await asAdmin(t, { method: 'GET', url }), 400, 'INVALID_CURSOR');
    }
  });

  it('answers 401 without the admin token, or with a customer token', async () => {
    for (const url of [
      '/admin/v1/customers',
      '/admin/v1/paymentInstructions?status=PENDING_REVIEW',
      '/admin/v1/operations',
      '/admin/v1/accounts',
      '/admin/v1/jobs/stats',
    ]) {
      expectProblem(await t.app.inject({ method: 'GET', url }), 401, 'ADMIN_UNAUTHORIZED');
      expectProblem(
        await t.as(customers[0]!.token, { method: 'GET', url }),
        401,
        'ADMIN_UNAUTHORIZED',
      );
    }
  });

  it('refuses unknown parameters and malformed filters', async () => {
    for (const url of [
      '/admin/v1/customers?name=Lists',
      '/admin/v1/paymentInstructions?status=NOPE',
      '/admin/v1/paymentInstructions?customerId=a%00b',
      '/admin/v1/operations?type=DEPOSIT&type=WITHDRAWAL',
      '/admin/v1/operations?accountId=acc-1',
      '/admin/v1/accounts?status=OPEN',
      '/admin/v1/jobs/stats?kind=webhook.attempt',
    ]) {
      expectProblem(await asAdmin(t, { method: 'GET', url }), 400, 'INVALID_DATA');
    }
  });

  it('lists the review queue across customers with each holder, filtered by customer and beneficiary', async () => {
    const pendingIds = customers.flatMap((c) => c.instructionIds);
    const queue = await walk<InstructionItem>(
      '/admin/v1/paymentInstructions?status=PENDING_REVIEW',
      4,
      (i) => i.instruction.id,
    );
    expect(queue.map((i) => i.instruction.id)).toEqual([...pendingIds].reverse());
    expect(queue.at(-1)).toMatchObject({
      customerId: customers[0]!.customerId,
      beneficiaryId: customers[0]!.beneficiaryId,
      holder: { type: 'INDIVIDUAL', name: 'Holder 0', taxId: cpf('529982247') },
      relationshipType: 'THIRD_PARTY',
      removedAt: null,
      instruction: { id: pendingIds[0], status: 'PENDING_REVIEW', rail: 'PIX' },
    });

    // Decided: it leaves the queue and shows under its new status; a removed one says so.
    const [first, second] = customers[1]!.instructionIds as [string, string];
    const approved = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/paymentInstructions/${first}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const removed = await t.as(customers[1]!.token, {
      method: 'DELETE',
      url: `/v1/beneficiaries/${customers[1]!.beneficiaryId}/paymentInstructions/${second}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const pending = await get<InstructionItem>(
      '/admin/v1/paymentInstructions?status=PENDING_REVIEW&limit=100',
    );
    expect(pending.data.map((i) => i.instruction.id)).not.toContain(first);
    expect(pending.data.find((i) => i.instruction.id === second)?.removedAt).toEqual(
      expect.any(String),
    );
    const decided = await get<InstructionItem>('/admin/v1/paymentInstructions?status=APPROVED');
    expect(decided.data.map((i) => i.instruction.id)).toEqual([first]);

    const ofCustomer = await get<InstructionItem>(
      `/admin/v1/paymentInstructions?customerId=${customers[2]!.customerId}`,
    );
    expect(ofCustomer.data.map((i) => i.instruction.id)).toEqual(
      [...customers[2]!.instructionIds].reverse(),
    );
    const ofBeneficiary = await get<InstructionItem>(
      `/admin/v1/paymentInstructions?beneficiaryId=${customers[1]!.beneficiaryId}&status=APPROVED`,
    );
    expect(ofBeneficiary.data.map((i) => i.instruction.id)).toEqual([first]);
    expect((await get(`/admin/v1/paymentInstructions?customerId=cus_nobody`)).data).toEqual([]);
  });

  it('lists operations across customers by status, type, customer and account', async () => {
    const depositIds = customers.flatMap((c) => c.depositIds);
    const all = await walk<OperationItem>('/admin/v1/operations', 4, (o) => o.operation.id);
    expect(all.map((o) => o.operation.id)).toEqual([...depositIds].reverse());
    expect(all[0]).toMatchObject({
      customerId: customers[2]!.customerId,
      operation: { type: 'DEPOSIT', status: 'REQUESTED', accountId: customers[2]!.accountId },
    });

    const received = customers[0]!.depositIds[0]!;
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/operations/${received}/receive`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const completed = await get<OperationItem>('/admin/v1/operations?status=COMPLETED');
    expect(completed.data.map((o) => o.operation.id)).toEqual([received]);
    const requested = await walk<OperationItem>(
      '/admin/v1/operations?status=REQUESTED&type=DEPOSIT',
      2,
      (o) => o.operation.id,
    );
    expect(requested.map((o) => o.operation.id)).toEqual(
      depositIds.filter((id) => id !== received).reverse(),
    );
    expect((await get('/admin/v1/operations?type=WITHDRAWAL')).data).toEqual([]);

    const { customerId, accountId, openingAccountId } = customers[1]!;
    const ofCustomer = await get<OperationItem>(`/admin/v1/operations?customerId=${customerId}`);
    expect(ofCustomer.data.map((o) => o.operation.id)).toEqual(
      [...customers[1]!.depositIds].reverse(),
    );
    const ofAccount = await get<OperationItem>(`/admin/v1/operations?accountId=${accountId}`);
    expect(ofAccount.data).toEqual(ofCustomer.data);
    // An account of another customer than the one named, an unknown one, one with none: empty.
    for (const query of [
      `accountId=${accountId}&customerId=${customers[0]!.customerId}`,
      'accountId=acc_01JD0000000000000000000000',
      `accountId=${openingAccountId}`,
    ]) {
      expect((await get(`/admin/v1/operations?${query}`)).data).toEqual([]);
    }
  });

  it('lists accounts across customers, with balances, by customer and status', async () => {
    const all = await walk<AccountItem>('/admin/v1/accounts', 4, (a) => a.account.id);
    expect(all.map((a) => a.account.id)).toEqual(
      customers.flatMap((c) => [c.accountId, c.openingAccountId]).reverse(),
    );
    const funded = all.find((a) => a.account.id === customers[0]!.accountId)!;
    expect(funded).toMatchObject({
      customerId: customers[0]!.customerId,
      account: { status: 'ACTIVE', balances: [{ asset: 'BRL', available: '10.00' }] },
    });
    const opening = await get<AccountItem>('/admin/v1/accounts?status=OPENING');
    expect(opening.data.map((a) => a.account.id)).toEqual(
      customers.map((c) => c.openingAccountId).reverse(),
    );
    const ofCustomer = await get<AccountItem>(
      `/admin/v1/accounts?customerId=${customers[2]!.customerId}&status=ACTIVE`,
    );
    expect(ofCustomer.data.map((a) => a.account.id)).toEqual([customers[2]!.accountId]);
  });

  it('counts jobs by kind and state, overdue and parked, and answers 304 while nothing changes', async () => {
    type Stats = {
      overdueAfterSeconds: number;
      truncated: boolean;
      kinds: { kind: string; due: number; overdue: number; scheduled: number; parked: number }[];
      total: {
        due: number;
        overdue: number;
        scheduled: number;
        parked: number;
        oldestDueAt: string | null;
      };
      deliveries: { pendingMessages: number; parkedAttempts: number };
    };
    const stats = async () => {
      const res = await asAdmin(t, { method: 'GET', url: '/admin/v1/jobs/stats' });
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json<Stats>(), etag: res.headers.etag as string };
    };
    const kind = (s: Stats, name: string) => s.kinds.find((k) => k.kind === name)!;

    const before = (await stats()).body;
    expect(before.kinds.map((k) => k.kind)).toEqual([...JOB_KINDS]);
    expect(before).toMatchObject({ overdueAfterSeconds: 30, truncated: false });
    // The sandbox's review step of each instruction (no worker runs them here).
    const review = kind(before, 'sandbox.instruction.review');
    expect(review.due + review.scheduled).toBe(6);

    clock.advance(60_000);
    const { body: later, etag } = await stats();
    const reviews = kind(later, 'sandbox.instruction.review');
    expect(reviews).toMatchObject({ due: 6, overdue: 6, scheduled: 0 });
    expect(later.total.oldestDueAt).toEqual(expect.any(String));
    expect(later.total.due).toBe(later.kinds.reduce((n, k) => n + k.due, 0));

    const unchanged = await asAdmin(t, {
      method: 'GET',
      url: '/admin/v1/jobs/stats',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);

    // Jobs that failed for good are parked: counted as such, and no longer as due; a parked
    // webhook attempt is a delivery given up on.
    const [one, two] = await t.handle.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'sandbox.instruction.review')
      .orderBy('id')
      .limit(2)
      .execute();
    await t.handle.db
      .updateTable('jobs')
      .set({ failed_at: clock.now() })
      .where('id', 'in', [one!.id, two!.id])
      .execute();
    await t.handle.db
      .updateTable('jobs')
      .set({ kind: 'webhook.attempt' })
      .where('id', '=', two!.id)
      .execute();
    const parked = (await stats()).body;
    expect(kind(parked, 'sandbox.instruction.review')).toMatchObject({ parked: 1, due: 4 });
    expect(parked.total.parked).toBe(2);
    expect(parked.deliveries).toMatchObject({ pendingMessages: 0, parkedAttempts: 1 });
  });
});
