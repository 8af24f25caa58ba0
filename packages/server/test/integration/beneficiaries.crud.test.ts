import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import {
  BANK,
  PIX_EMAIL,
  WALLET,
  beneficiaryBody,
  cnpj,
  cpf,
  createBeneficiary,
  postBeneficiary,
  postInstruction,
  type BeneficiaryBody,
  type InstructionBody,
} from '../helpers/beneficiaries.js';
import { ENGINES } from '../helpers/test-db.js';
import type { PageBody } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('beneficiaries on %s', (engine) => {
  const t = useTestApp(engine);

  const get = (token: string, url: string) => t.as(token, { method: 'GET', url });

  it('creates a beneficiary with its instruction PENDING_REVIEW, normalised, and reads it back', async () => {
    const { token } = await t.customer();
    const res = await postBeneficiary(
      t,
      token,
      beneficiaryBody({
        holder: { type: 'COMPANY', name: 'ACME Ltda', taxId: '11.222.333/0001-81' },
        relationshipType: 'SELF_OWNED',
        paymentInstruction: { ...PIX_EMAIL, key: 'Pay@Example.COM' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<BeneficiaryBody>();
    expect(res.headers.location).toBe(`/v1/beneficiaries/${body.id}`);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^ben_/) as string,
      holder: { type: 'COMPANY', name: 'ACME Ltda', taxId: '11222333000181' },
      relationshipType: 'SELF_OWNED',
      paymentInstructions: [
        {
          id: expect.stringMatching(/^pin_/) as string,
          rail: 'PIX',
          asset: 'BRL',
          keyType: 'EMAIL',
          key: 'pay@example.com',
          status: 'PENDING_REVIEW',
          reason: null,
        },
      ],
    });
    const again = await get(token, `/v1/beneficiaries/${body.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it('adds instructions of every rail, answers the new one, and shows them oldest first', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const bank = await postInstruction(t, token, ben.id, BANK);
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json()).toMatchObject({
      ...BANK,
      accountNumber: '123456',
      status: 'PENDING_REVIEW',
    });
    const wallet = await postInstruction(t, token, ben.id, {
      ...WALLET,
      asset: 'USDC',
      network: 'POLYGON',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
    expect(wallet.statusCode, wallet.body).toBe(201);
    expect(wallet.json()).toMatchObject({
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    const read = (await get(token, `/v1/beneficiaries/${ben.id}`)).json<BeneficiaryBody>();
    expect(read.paymentInstructions.map((i) => i.rail)).toEqual([
      'PIX',
      'BANK_ACCOUNT',
      'CRYPTO_WALLET',
    ]);
    expect(read.paymentInstructions[1]).toEqual(bank.json());
  });

  it('refuses the same instruction twice on one beneficiary with 409, also written differently', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const again = await postInstruction(t, token, ben.id, { ...PIX_EMAIL, key: 'PAY@example.com' });
    expectProblem(again, 409, 'DUPLICATE_PAYMENT_INSTRUCTION');
    expect((await postInstruction(t, token, ben.id, BANK)).statusCode).toBe(201);
    const bankAgain = await postInstruction(t, token, ben.id, { ...BANK, accountNumber: '123456' });
    expectProblem(bankAgain, 409, 'DUPLICATE_PAYMENT_INSTRUCTION');
    // Another beneficiary may have the same instruction.
    const other = await createBeneficiary(t, token);
    expect(other.paymentInstructions[0]).toMatchObject({ key: PIX_EMAIL.key });
  });

  it('allows exactly one of concurrent adds of the same instruction', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postInstruction(t, token, ben.id, BANK)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().code).toBe('DUPLICATE_PAYMENT_INSTRUCTION');
    }
  });

  it('removes an instruction softly: 204, gone from the beneficiary, a second DELETE is 404, and it may be added again', async () => {
    const { token } = await t.customer();
    const ben = await createBeneficiary(t, token);
    const pin = ben.paymentInstructions[0]!.id;
    const url = `/v1/beneficiaries/${ben.id}/paymentInstructions/${pin}`;
    const del = await t.as(token, { method: 'DELETE', url });
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    const read = (await get(token, `/v1/beneficiaries/${ben.id}`)).json<BeneficiaryBody>();
    expect(read.paymentInstructions).toEqual([]);
    expectProblem(await t.as(token, { method: 'DELETE', url }), 404, 'RESOURCE_NOT_FOUND');
    const row = await t.handle.db
      .selectFrom('payment_instructions')
      .select(['removed_at', 'status'])
      .where('id', '=', pin)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    const readd = await postInstruction(t, token, ben.id, PIX_EMAIL);
    expect(readd.statusCode, readd.body).toBe(201);
    expect(readd.json<InstructionBody>().id).not.toBe(pin);
  });

  it("answers 404 for another customer's beneficiary and instruction on every route, changing nothing", async () => {
    const alice = await t.customer('Alice');
    const bob = await t.customer('Bob');
    const ben = await createBeneficiary(t, alice.token);
    const pin = ben.paymentInstructions[0]!.id;
    expectProblem(await get(bob.token, `/v1/beneficiaries/${ben.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(await postInstruction(t, bob.token, ben.id, BANK), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await t.as(bob.token, {
        method: 'DELETE',
        url: `/v1/beneficiaries/${ben.id}/paymentInstructions/${pin}`,
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expect((await get(bob.token, '/v1/beneficiaries')).json<PageBody<unknown>>().data).toEqual([]);
    const still = (await get(alice.token, `/v1/beneficiaries/${ben.id}`)).json<BeneficiaryBody>();
    expect(still.paymentInstructions).toHaveLength(1);
  });

  it('answers 404 for unknown and malformed ids, and for an instruction of another beneficiary', async () => {
    const { token } = await t.customer();
    const a = await createBeneficiary(t, token);
    const b = await createBeneficiary(t, token, {
      holder: { type: 'INDIVIDUAL', name: 'B', taxId: cpf('123456789') },
    });
    for (const url of [
      `/v1/beneficiaries/ben_${'0'.repeat(26)}`,
      '/v1/beneficiaries/nope',
      `/v1/beneficiaries/${a.paymentInstructions[0]!.id}`,
    ]) {
      expectProblem(await get(token, url), 404, 'RESOURCE_NOT_FOUND');
    }
    expectProblem(
      await t.as(token, {
        method: 'DELETE',
        url: `/v1/beneficiaries/${b.id}/paymentInstructions/${a.paymentInstructions[0]!.id}`,
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await t.as(token, {
        method: 'DELETE',
        url: `/v1/beneficiaries/${a.id}/paymentInstructions/pin_nope`,
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('lists newest first, pages forward and back with cursors, and filters by taxId (punctuation ignored)', async () => {
    const { token } = await t.customer();
    const taxIds = ['111444777', '222555888', '333666999', '444777000', '555888111'].map(cpf);
    const made: string[] = [];
    for (const taxId of taxIds) {
      made.push(
        (
          await createBeneficiary(t, token, {
            holder: { type: 'INDIVIDUAL', name: 'H', taxId },
          })
        ).id,
      );
    }
    const company = await createBeneficiary(t, token, {
      holder: { type: 'COMPANY', name: 'Co', taxId: cnpj('112223330001') },
    });
    const all = (await get(token, '/v1/beneficiaries?limit=100')).json<PageBody<BeneficiaryBody>>();
    expect(all.data.map((b) => b.id)).toEqual([company.id, ...[...made].reverse()]);
    expect(all.data[0]!.paymentInstructions).toHaveLength(1);

    const p1 = (await get(token, '/v1/beneficiaries?limit=2&sortOrder=ASCENDING')).json<
      PageBody<BeneficiaryBody>
    >();
    expect(p1.data.map((b) => b.id)).toEqual(made.slice(0, 2));
    expect(p1.meta).toMatchObject({ previousCursor: null, total: 2 });
    const p2 = (
      await get(token, `/v1/beneficiaries?limit=2&sortOrder=ASCENDING&cursor=${p1.meta.nextCursor}`)
    ).json<PageBody<BeneficiaryBody>>();
    expect(p2.data.map((b) => b.id)).toEqual(made.slice(2, 4));
    const back = (
      await get(
        token,
        `/v1/beneficiaries?limit=2&sortOrder=ASCENDING&cursor=${p2.meta.previousCursor}`,
      )
    ).json<PageBody<BeneficiaryBody>>();
    expect(back.data.map((b) => b.id)).toEqual(made.slice(0, 2));

    const formatted = taxIds[2]!.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    const filtered = (
      await get(token, `/v1/beneficiaries?taxId=${encodeURIComponent(formatted)}`)
    ).json<PageBody<BeneficiaryBody>>();
    expect(filtered.data.map((b) => b.id)).toEqual([made[2]]);
    // A cursor is bound to its filter.
    const f1 = (await get(token, `/v1/beneficiaries?limit=1&taxId=${taxIds[0]}`)).json<
      PageBody<BeneficiaryBody>
    >();
    expect(f1.meta.nextCursor).toBeNull();
    expectProblem(
      await get(token, `/v1/beneficiaries?limit=2&cursor=${p1.meta.nextCursor}`),
      400,
      'INVALID_CURSOR',
    );
    expectProblem(
      await get(
        token,
        `/v1/beneficiaries?taxId=${taxIds[1]}&cursor=${p1.meta.nextCursor}&sortOrder=ASCENDING`,
      ),
      400,
      'INVALID_CURSOR',
    );
  });

  it('refuses unknown query parameters', async () => {
    const { token } = await t.customer();
    expectProblem(await get(token, '/v1/beneficiaries?tax_id=1'), 400, 'INVALID_DATA');
  });
});
