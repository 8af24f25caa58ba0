import { beforeAll, describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { ManualClock } from '../../src/lib/clock.js';
import { findUsableInstruction } from '../../src/modules/beneficiaries/usable-instruction.js';
import { approve, reject } from '../../src/modules/beneficiaries/instructions.lifecycle.js';
import { createBeneficiary, type BeneficiaryBody } from '../helpers/beneficiaries.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const REASON = { code: 'COMPLIANCE_REJECTED', message: 'by an operator' };

// The functions production's back-office (and the sandbox step) call, without the simulator.
describe.each(ENGINES)('instruction lifecycle on %s', (engine) => {
  let queue: JobQueue;

  const clock = new ManualClock();
  const t = useTestApp(engine, { clock, env: { COFRE_ENVIRONMENT: 'production' } });

  beforeAll(async () => {
    queue = new JobQueue(t.handle.db, dialectFor(engine), clock, new JobSignal());
  });

  const run = <T>(fn: Parameters<typeof transact<T>>[1]) => transact(t.handle.db, fn);
  const read = async (token: string, id: string) =>
    (await t.as(token, { method: 'GET', url: `/v1/beneficiaries/${id}` })).json<BeneficiaryBody>();
  const eventTypes = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select('type')
        .where('resource_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);

  it('approves once: a second approve or a later reject changes nothing and emits nothing', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const pin = ben.paymentInstructions[0]!.id;
    clock.advance(1_000);
    expect(await run((tx) => approve(tx, { queue }, pin, clock.now()))).toBe(true);
    expect(await run((tx) => approve(tx, { queue }, pin, clock.now()))).toBe(false);
    expect(await run((tx) => reject(tx, { queue }, pin, REASON, clock.now()))).toBe(false);
    const after = await read(token, ben.id);
    expect(after.paymentInstructions[0]).toMatchObject({ status: 'APPROVED', reason: null });
    expect(after.paymentInstructions[0]!.updatedAt).toBe(new Date(clock.now()).toISOString());
    expect(await eventTypes(ben.id)).toEqual([
      'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
      'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
    ]);
  });

  it('rejects with the reason given, and ignores an unknown instruction', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const pin = ben.paymentInstructions[0]!.id;
    expect(await run((tx) => reject(tx, { queue }, pin, REASON, clock.now()))).toBe(true);
    expect((await read(token, ben.id)).paymentInstructions[0]).toMatchObject({
      status: 'REJECTED',
      reason: REASON,
    });
    expect(await run((tx) => approve(tx, { queue }, `pin_${'0'.repeat(26)}`, clock.now()))).toBe(
      false,
    );
  });

  it('rolls the decision back with its transaction', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const pin = ben.paymentInstructions[0]!.id;
    await expect(
      run(async (tx) => {
        await approve(tx, { queue }, pin, clock.now());
        throw new Error('crash after the step');
      }),
    ).rejects.toThrow('crash');
    expect((await read(token, ben.id)).paymentInstructions[0]!.status).toBe('PENDING_REVIEW');
    expect(await eventTypes(ben.id)).toEqual(['BENEFICIARY_PAYMENT_INSTRUCTION_CREATED']);
  });

  it('gives operations a snapshot of the instruction, removed or not, only to its customer', async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const ben = await createBeneficiary(t, alice.token);
    const pin = ben.paymentInstructions[0]!.id;
    await run((tx) => approve(tx, { queue }, pin, clock.now()));
    const snapshot = await findUsableInstruction(t.handle.db, alice.customerId, ben.id, pin);
    expect(snapshot).toEqual({
      id: pin,
      beneficiaryId: ben.id,
      rail: 'PIX',
      asset: 'BRL',
      details: { keyType: 'EMAIL', key: 'pay@example.com' },
      status: 'APPROVED',
      removed: false,
      holder: ben.holder,
    });
    // Inside an operation's transaction, share-locked on PostgreSQL: the same snapshot.
    expect(
      await run((tx) =>
        findUsableInstruction(tx.trx, alice.customerId, ben.id, pin, dialectFor(engine)),
      ),
    ).toEqual(snapshot);
    expect(await findUsableInstruction(t.handle.db, bob.customerId, ben.id, pin)).toBeUndefined();
    expect(await findUsableInstruction(t.handle.db, alice.customerId, ben.id, 'x')).toBeUndefined();
    const del = await t.as(alice.token, {
      method: 'DELETE',
      url: `/v1/beneficiaries/${ben.id}/paymentInstructions/${pin}`,
    });
    expect(del.statusCode).toBe(204);
    expect(await findUsableInstruction(t.handle.db, alice.customerId, ben.id, pin)).toMatchObject({
      removed: true,
      status: 'APPROVED',
    });
  });
});
