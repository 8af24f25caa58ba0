import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import {
  BANK,
  cnpj,
  createBeneficiary,
  postInstruction,
  type BeneficiaryBody,
} from '../helpers/beneficiaries.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { createSubscription } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const STEP_DELAY_MS = 2_000;

interface Delivered {
  type: string;
  resource: string;
  data: BeneficiaryBody & { instructionId: string };
}

// Issue 7 points 4 and 9: each instruction is reviewed ~2 s after it is created; a holder name
// containing REJECT (any case) is rejected with COMPLIANCE_REJECTED. Seen through webhooks.
describe.each(ENGINES)('payment instruction review on %s', (engine) => {
  describe('in the sandbox', () => {
    let t: TestApp;
    let clock: ManualClock;
    let receiver: Receiver;

    beforeAll(async () => {
      receiver = await startReceiver();
      clock = new ManualClock();
      t = await createTestApp(engine, {
        clock,
        env: {
          COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_DELAY_MS),
          COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    const delivered = (from: number) =>
      receiver.received.slice(from).map((r) => JSON.parse(r.body) as Delivered);

    it('approves after the delay and rejects a REJECT holder, each with its event delivered', async () => {
      const { token } = await t.customer();
      await createSubscription(t, token, {
        url: receiver.url,
        resources: [{ name: 'BENEFICIARY', includeAll: true }],
      });
      const seen = receiver.received.length;
      const ok = await createBeneficiary(t, token);
      const bad = await createBeneficiary(t, token, {
        holder: {
          type: 'COMPANY',
          name: 'Projeto rejeitado REJECTED Ltda',
          taxId: cnpj('112223330001'),
        },
      });
      const get = async (id: string) =>
        (
          await t.as(token, { method: 'GET', url: `/v1/beneficiaries/${id}` })
        ).json<BeneficiaryBody>();

      // The CREATED events are delivered at once; the reviews are not due yet. Jobs run: one
      // fan-out (it expands the customer's two due events together, docs/webhooks.md "Fan-out")
      // and the two attempts.
      expect(await runDueJobs(t)).toBe(3);
      expect(delivered(seen).map((d) => [d.type, d.data.id])).toEqual([
        ['BENEFICIARY_PAYMENT_INSTRUCTION_CREATED', ok.id],
        ['BENEFICIARY_PAYMENT_INSTRUCTION_CREATED', bad.id],
      ]);
      expect(delivered(seen)[0]!.data).toEqual({
        ...ok,
        instructionId: ok.paymentInstructions[0]!.id,
      });
      clock.advance(STEP_DELAY_MS - 1);
      expect(await runDueJobs(t)).toBe(0);
      expect((await get(ok.id)).paymentInstructions[0]!.status).toBe('PENDING_REVIEW');

      clock.advance(1);
      // Two reviews, then the fan-out of their two events and the two webhooks it queued, in
      // the same call.
      expect(await runDueJobs(t)).toBe(5);
      const approved = await get(ok.id);
      expect(approved.paymentInstructions[0]).toMatchObject({ status: 'APPROVED', reason: null });
      const rejected = await get(bad.id);
      expect(rejected.paymentInstructions[0]).toMatchObject({
        status: 'REJECTED',
        reason: { code: 'COMPLIANCE_REJECTED', message: expect.any(String) as string },
      });
      const decisions = delivered(seen + 2);
      expect(decisions.map((d) => d.type).sort()).toEqual([
        'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
        'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
      ]);
      const approvedEvent = decisions.find((d) => d.type.endsWith('APPROVED'))!;
      expect(approvedEvent).toMatchObject({ resource: 'BENEFICIARY' });
      expect(approvedEvent.data).toEqual({
        ...approved,
        instructionId: approved.paymentInstructions[0]!.id,
      });
      const rejectedEvent = decisions.find((d) => d.type.endsWith('REJECTED'))!;
      expect(rejectedEvent.data.instructionId).toBe(bad.paymentInstructions[0]!.id);
      expect(rejectedEvent.data.paymentInstructions[0]!.reason?.code).toBe('COMPLIANCE_REJECTED');

      // Nothing is left to run and a second pass decides nothing again.
      clock.advance(STEP_DELAY_MS);
      expect(await runDueJobs(t)).toBe(0);
      const events = await t.handle.db
        .selectFrom('events')
        .select('type')
        .where('resource_id', 'in', [ok.id, bad.id])
        .execute();
      expect(events).toHaveLength(4);
    });

    it('reviews an added instruction on its own, by the holder name of its beneficiary', async () => {
      const { token } = await t.customer();
      const ben = await createBeneficiary(t, token, {
        holder: { type: 'INDIVIDUAL', name: 'reject me', taxId: '529.982.247-25' },
      });
      clock.advance(STEP_DELAY_MS);
      await runDueJobs(t);
      const added = await postInstruction(t, token, ben.id, BANK);
      expect(added.statusCode).toBe(201);
      clock.advance(STEP_DELAY_MS);
      await runDueJobs(t);
      const read = (
        await t.as(token, { method: 'GET', url: `/v1/beneficiaries/${ben.id}` })
      ).json<BeneficiaryBody>();
      expect(read.paymentInstructions.map((i) => i.status)).toEqual(['REJECTED', 'REJECTED']);
    });
  });

  describe('in production', () => {
    const t = useTestApp(engine, {
      clock: new ManualClock(),
      env: { COFRE_ENVIRONMENT: 'production' },
    });

    it('schedules no review: the instruction waits for the back-office', async () => {
      const { token } = await t.customer();
      const ben = await createBeneficiary(t, token, {
        holder: { type: 'INDIVIDUAL', name: 'REJECT', taxId: '529.982.247-25' },
      });
      expect(await t.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
      expect(ben.paymentInstructions[0]!.status).toBe('PENDING_REVIEW');
      const events = await t.handle.db
        .selectFrom('events')
        .select('type')
        .where('resource_id', '=', ben.id)
        .execute();
      expect(events.map((e) => e.type)).toEqual(['BENEFICIARY_PAYMENT_INSTRUCTION_CREATED']);
    });
  });
});
