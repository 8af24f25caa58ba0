import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../helpers/delivery.js';
import { DriverStatements } from '../helpers/driver-statements.js';
import { ENGINES } from '../helpers/test-db.js';
import { postWithdrawal } from '../helpers/operations.js';
import {
  activeAccount,
  approvedBeneficiary,
  useReceiver,
  useSandboxApp,
} from '../helpers/world.js';

const isJobsInsert = (sql: string) => /^insert into "jobs"/i.test(sql);
const isTransactionEdge = (sql: string) => /^(begin|commit|start transaction)\b/i.test(sql);

// Issue 23 point 6: on PostgreSQL every statement is a round trip whose answer waits for a turn
// of the event loop, behind whatever another customer's work holds it with; the fewer a
// request makes, the less another customer's load stretches it (bench:neighbour).
describe.each(ENGINES)('round trips of the ordinary requests on %s', (engine) => {
  const receiver = useReceiver();
  const { t, clock } = useSandboxApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });
  let statements: DriverStatements;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    statements = new DriverStatements(engine);
    token = (await t.customer()).token;
    accountId = await activeAccount(t, clock, token, { assets: ['BRL', 'USDT'] });
    // A live subscription: every event of the customer then has a fan-out job too.
    await subscribe(t, token, { url: `${receiver.url}/hooks` });
  });
  afterAll(() => statements.restore());

  const jobsOf = (operationId: string, eventIds: readonly string[]) =>
    t.handle.db
      .selectFrom('jobs')
      .select(['kind', 'subject_id'])
      .where('subject_id', 'in', [operationId, ...eventIds])
      .orderBy('kind')
      .execute();

  it("writes a deposit's jobs (its event's fan-out, its payment, its expiry) in one INSERT, every one of them", async () => {
    let created: { id: string } | undefined;
    const sent = await statements.capture(async () => {
      const res = await t.as(token, {
        method: 'POST',
        url: '/v1/operations/deposit',
        payload: { accountId, asset: 'BRL', amount: '10.00' },
      });
      expect(res.statusCode, res.body).toBe(201);
      created = res.json<{ id: string }>();
    });
    expect(sent.filter(isJobsInsert)).toHaveLength(1);
    const events = await t.handle.db
      .selectFrom('events')
      .select('id')
      .where('resource_id', '=', created!.id)
      .execute();
    expect(events).toHaveLength(1);
    const jobs = await jobsOf(
      created!.id,
      events.map((e) => e.id),
    );
    expect(jobs).toEqual([
      { kind: 'operation.deposit.expire', subject_id: created!.id },
      { kind: 'sandbox.deposit.pay', subject_id: created!.id },
      { kind: 'webhook.fanout', subject_id: events[0]!.id },
    ]);
  });

  it("keeps none of a withdrawal's jobs when its hold is refused after they were written", async () => {
    const to = await approvedBeneficiary(t, clock, token);
    const count = async () => (await t.handle.db.selectFrom('jobs').select('id').execute()).length;
    const before = await count();
    // More than the account holds (its one deposit, 10.00, paid while the beneficiary was
    // reviewed): the hold, the transaction's last statement, refuses it.
    const res = await postWithdrawal(t, token, {
      accountId,
      asset: 'BRL',
      amount: '50.00',
      beneficiary: to,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ code: string }>().code).toBe('INSUFFICIENT_BALANCE');
    expect(await count()).toBe(before);
  });

  it('creates a quote sent without an Idempotency-Key in one statement, with no transaction around it', async () => {
    const payload = { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '1.00' };
    let id: string | undefined;
    const sent = await statements.capture(async () => {
      const res = await t.as(token, { method: 'POST', url: '/v1/quotes', payload });
      expect(res.statusCode, res.body).toBe(201);
      id = res.json<{ id: string }>().id;
    });
    expect(sent.filter(isTransactionEdge)).toEqual([]);
    expect(sent.filter((sql) => /^insert into "quotes"/i.test(sql))).toHaveLength(1);
    const stored = await t.as(token, { method: 'GET', url: `/v1/quotes/${id}` });
    expect(stored.statusCode, stored.body).toBe(200);
  });

  it('records a quote with its Idempotency-Key answer in one transaction, and replays it', async () => {
    const payload = { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '2.00' };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    let first: string | undefined;
    const sent = await statements.capture(async () => {
      const res = await t.as(token, { method: 'POST', url: '/v1/quotes', payload, headers });
      expect(res.statusCode, res.body).toBe(201);
      first = res.body;
    });
    const quoteAt = sent.findIndex((sql) => /^insert into "quotes"/i.test(sql));
    const doneAt = sent.findIndex((sql) => /^update "idempotency_keys"/i.test(sql));
    expect(quoteAt).toBeGreaterThan(-1);
    expect(doneAt).toBeGreaterThan(quoteAt);
    const edges = sent.map((sql, i) => [sql, i] as const).filter(([sql]) => isTransactionEdge(sql));
    expect(edges.map(([sql]) => sql.split(' ')[0]!.toLowerCase())).toEqual(['begin', 'commit']);
    expect(edges[0]![1]).toBeLessThan(quoteAt);
    expect(edges[1]![1]).toBeGreaterThan(doneAt);
    const again = await t.as(token, { method: 'POST', url: '/v1/quotes', payload, headers });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first);
  });
});
