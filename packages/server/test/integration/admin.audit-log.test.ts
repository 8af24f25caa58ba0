import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { audited } from '../../src/modules/admin/audited.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface AuditPage {
  data: { id: string; action: string; subjectId: string; actor: string; after: unknown }[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

// Issue 7 point 10: every admin action lands in the audit log, paginated like every list.
describe.each(ENGINES)('admin audit log on %s', (engine) => {
  const customers: string[] = [];
  const clients: string[] = [];
  const t = useTestApp(engine, { env: ADMIN_ENV });

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const res = await asAdmin(
        t,
        { method: 'POST', url: '/admin/v1/customers', payload: { name: `C${i}` } },
        `op-${i}`,
      );
      const body = res.json<{ customerId: string; clientId: string }>();
      customers.push(body.customerId);
      clients.push(body.clientId);
    }
    await asAdmin(t, { method: 'POST', url: `/admin/v1/clients/${clients[0]}/disable` });
    await asAdmin(t, { method: 'POST', url: `/admin/v1/clients/${clients[0]}/enable` });
  });

  const page = async (query: string) => {
    const res = await asAdmin(t, { method: 'GET', url: `/admin/v1/auditLog${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  it('lists every action newest first, page by page, in both directions', async () => {
    const first = await page('?limit=2');
    expect(first.data.map((d) => d.action)).toEqual(['CLIENT_ENABLED', 'CLIENT_DISABLED']);
    expect(first.meta.previousCursor).toBeNull();
    const second = await page(`?limit=2&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((d) => [d.action, d.actor])).toEqual([
      ['CUSTOMER_CREATED', 'op-2'],
      ['CUSTOMER_CREATED', 'op-1'],
    ]);
    const third = await page(`?limit=2&cursor=${second.meta.nextCursor}`);
    expect(third.data.map((d) => d.subjectId)).toEqual([customers[0]]);
    expect(third.meta.nextCursor).toBeNull();
    const back = await page(`?limit=2&cursor=${third.meta.previousCursor}`);
    expect(back.data).toEqual(second.data);
    const ascending = await page('?sortOrder=ASCENDING&limit=1');
    expect(ascending.data[0]!.subjectId).toBe(customers[0]);
  });

  it('filters by action and by subject id; a cursor of another filter is refused', async () => {
    const created = await page('?action=CUSTOMER_CREATED');
    expect(created.data.map((d) => d.subjectId)).toEqual([...customers].reverse());
    const client = await page(`?subjectId=${clients[0]}`);
    expect(client.data.map((d) => d.action)).toEqual(['CLIENT_ENABLED', 'CLIENT_DISABLED']);

    const filtered = await page('?action=CUSTOMER_CREATED&limit=1');
    const res = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/auditLog?limit=1&cursor=${filtered.meta.nextCursor}`,
    });
    expectProblem(res, 400, 'INVALID_CURSOR');
    expectProblem(
      await asAdmin(t, { method: 'GET', url: '/admin/v1/auditLog?subjectId=a%00b' }),
      400,
      'INVALID_DATA',
    );
    expectProblem(
      await asAdmin(t, { method: 'GET', url: '/admin/v1/auditLog?action=NOPE' }),
      400,
      'INVALID_DATA',
    );
  });

  it('does not accept a customer list cursor', async () => {
    const customer = await t.customer();
    for (let i = 0; i < 2; i++) {
      await t.as(customer.token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING' },
      });
    }
    const accounts = await t.as(customer.token, { method: 'GET', url: '/v1/accounts?limit=1' });
    const cursor = accounts.json<AuditPage>().meta.nextCursor!;
    expectProblem(
      await asAdmin(t, { method: 'GET', url: `/admin/v1/auditLog?cursor=${cursor}` }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('commits the audit row and the change together, or neither', async () => {
    const count = async () =>
      Number(
        (
          await t.handle.db
            .selectFrom('admin_actions')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const deps = { db: t.handle.db, clock: t.clock };
    const context = { actor: 'test', requestId: 'req_test' };
    // A change that wrote, then failed: its write and the audit row are both rolled back.
    await expect(
      audited(deps, context, { action: 'CLIENT_DISABLED', subjectType: 'CLIENT' }, async (tx) => {
        await tx.trx
          .updateTable('customers')
          .set({ name: 'changed' })
          .where('id', '=', customers[1]!)
          .execute();
        throw new AppError('INVALID_STATE', { detail: 'refused after writing' });
      }),
    ).rejects.toThrow('refused after writing');
    expect(await count()).toBe(before);
    const customer = await asAdmin(t, {
      method: 'GET',
      url: `/admin/v1/customers/${customers[1]}`,
    });
    expect(customer.json()).toMatchObject({ name: 'C1' });
  });
});
