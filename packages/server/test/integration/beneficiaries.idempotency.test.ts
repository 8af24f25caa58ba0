import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  BANK,
  WALLET,
  beneficiaryBody,
  createBeneficiary,
  postBeneficiary,
  postInstruction,
  type BeneficiaryBody,
} from '../helpers/beneficiaries.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('Idempotency-Key on the beneficiary POSTs on %s', (engine) => {
  const t = useTestApp(engine);

  const listIds = async (token: string) =>
    (await t.as(token, { method: 'GET', url: '/v1/beneficiaries?limit=100' }))
      .json<{ data: BeneficiaryBody[] }>()
      .data.map((b) => b.id);
  const createdEvents = async (customerId: string) =>
    t.handle.db
      .selectFrom('events')
      .select('resource_id')
      .where('customer_id', '=', customerId)
      .where('type', '=', 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED')
      .execute();

  it('creates one beneficiary for a key sent twice and replays the answer', async () => {
    const c = await t.customer();
    const key = { 'idempotency-key': 'ben-1' };
    const first = await postBeneficiary(t, c.token, beneficiaryBody(), key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await postBeneficiary(t, c.token, beneficiaryBody(), key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(second.headers.location).toBe(first.headers.location);
    expect(await listIds(c.token)).toEqual([first.json().id]);
    expect(await createdEvents(c.customerId)).toHaveLength(1);
  });

  it('refuses the key with another body: 422 IDEMPOTENCY_CONFLICT', async () => {
    const c = await t.customer();
    const key = { 'idempotency-key': 'ben-2' };
    expect((await postBeneficiary(t, c.token, beneficiaryBody(), key)).statusCode).toBe(201);
    expectProblem(
      await postBeneficiary(t, c.token, beneficiaryBody({ relationshipType: 'SELF_OWNED' }), key),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await listIds(c.token)).toHaveLength(1);
  });

  it('adds one instruction for a key sent twice, replaying it instead of a 409 duplicate', async () => {
    const c = await t.customer();
    const ben = await createBeneficiary(t, c.token);
    const key = { 'idempotency-key': 'pin-1' };
    const first = await postInstruction(t, c.token, ben.id, BANK, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postInstruction(t, c.token, ben.id, BANK, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expectProblem(
      await postInstruction(t, c.token, ben.id, WALLET, key),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    // The same key on another beneficiary is another request (another path).
    const other = await createBeneficiary(t, c.token);
    expectProblem(
      await postInstruction(t, c.token, other.id, BANK, key),
      422,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await createdEvents(c.customerId)).toHaveLength(3);
  });

  it('creates exactly one beneficiary from concurrent duplicates', async () => {
    const c = await t.customer();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postBeneficiary(t, c.token, beneficiaryBody(), { 'idempotency-key': 'burst' }),
      ),
    );
    for (const res of answers) expect([201, 409], res.body).toContain(res.statusCode);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    expect(await listIds(c.token)).toHaveLength(1);
  });
});
