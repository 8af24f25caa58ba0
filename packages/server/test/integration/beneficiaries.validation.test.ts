import { beforeAll, describe, expect, it } from 'vitest';
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
} from '../helpers/beneficiaries.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const badCpf = `${cpf('529982247').slice(0, 10)}9`;
const badCnpj = `${cnpj('112223330001').slice(0, 13)}0`;

/** [what, body overrides, pointer, field code] — each a 400 INVALID_DATA. */
const REFUSED: [string, Record<string, unknown>, string, string][] = [
  [
    'an INDIVIDUAL with a CNPJ',
    { holder: { type: 'INDIVIDUAL', name: 'M', taxId: cnpj('112223330001') } },
    '/holder/taxId',
    'INVALID_FORMAT',
  ],
  [
    'a COMPANY with a CPF',
    { holder: { type: 'COMPANY', name: 'C', taxId: cpf('529982247') } },
    '/holder/taxId',
    'INVALID_FORMAT',
  ],
  [
    'a CPF with wrong check digits',
    { holder: { type: 'INDIVIDUAL', name: 'M', taxId: badCpf } },
    '/holder/taxId',
    'INVALID_CHECK_DIGITS',
  ],
  [
    'a CNPJ with wrong check digits',
    { holder: { type: 'COMPANY', name: 'C', taxId: badCnpj } },
    '/holder/taxId',
    'INVALID_CHECK_DIGITS',
  ],
  [
    'an unknown holder type',
    { holder: { type: 'TRUST', name: 'M', taxId: cpf('529982247') } },
    '/holder/type',
    'INVALID_ENUM',
  ],
  [
    'a blank holder name',
    { holder: { type: 'INDIVIDUAL', name: '   ', taxId: cpf('529982247') } },
    '/holder/name',
    'INVALID_FORMAT',
  ],
  [
    'an unknown relationship type',
    { relationshipType: 'FAMILY' },
    '/relationshipType',
    'INVALID_ENUM',
  ],
  ['no instruction', { paymentInstruction: undefined }, '/paymentInstruction', 'REQUIRED'],
  [
    'an instruction without a rail',
    { paymentInstruction: { asset: 'BRL' } },
    '/paymentInstruction/rail',
    'REQUIRED',
  ],
  [
    'an unknown rail',
    { paymentInstruction: { ...PIX_EMAIL, rail: 'TED' } },
    '/paymentInstruction/rail',
    'INVALID_ENUM',
  ],
  [
    'a PIX instruction in USDT',
    { paymentInstruction: { ...PIX_EMAIL, asset: 'USDT' } },
    '/paymentInstruction/asset',
    'INVALID_ENUM',
  ],
  [
    'an unknown PIX key type',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'IBAN' } },
    '/paymentInstruction/keyType',
    'INVALID_ENUM',
  ],
  [
    'a PIX CPF key with wrong check digits',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'CPF', key: badCpf } },
    '/paymentInstruction/key',
    'INVALID_CHECK_DIGITS',
  ],
  [
    'a PIX CNPJ key with wrong check digits',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'CNPJ', key: badCnpj } },
    '/paymentInstruction/key',
    'INVALID_CHECK_DIGITS',
  ],
  [
    'a PIX CPF key that is not a CPF',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'CPF', key: 'abc' } },
    '/paymentInstruction/key',
    'INVALID_FORMAT',
  ],
  [
    'a PIX e-mail key without @',
    { paymentInstruction: { ...PIX_EMAIL, key: 'pay.example.com' } },
    '/paymentInstruction/key',
    'INVALID_FORMAT',
  ],
  [
    'a PIX phone key without +55',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'PHONE', key: '11987654321' } },
    '/paymentInstruction/key',
    'INVALID_FORMAT',
  ],
  [
    'a PIX phone key of another country',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'PHONE', key: '+14155552671' } },
    '/paymentInstruction/key',
    'INVALID_FORMAT',
  ],
  [
    'a PIX EVP key that is not a UUID',
    { paymentInstruction: { ...PIX_EMAIL, keyType: 'EVP', key: '123e4567-e89b-12d3-a456' } },
    '/paymentInstruction/key',
    'INVALID_FORMAT',
  ],
  [
    'an unknown field in the instruction',
    { paymentInstruction: { ...PIX_EMAIL, note: 'x' } },
    '/paymentInstruction/note',
    'UNKNOWN_FIELD',
  ],
  [
    'an ISPB of 7 digits',
    { paymentInstruction: { ...BANK, ispb: '6074694' } },
    '/paymentInstruction/ispb',
    'INVALID_FORMAT',
  ],
  [
    'a branch with letters',
    { paymentInstruction: { ...BANK, branch: '00A1' } },
    '/paymentInstruction/branch',
    'INVALID_FORMAT',
  ],
  [
    'an account number with letters',
    { paymentInstruction: { ...BANK, accountNumber: '12a45-6' } },
    '/paymentInstruction/accountNumber',
    'INVALID_FORMAT',
  ],
  [
    'an unknown bank account type',
    { paymentInstruction: { ...BANK, accountType: 'SAVING' } },
    '/paymentInstruction/accountType',
    'INVALID_ENUM',
  ],
  [
    'a bank account without an ISPB',
    { paymentInstruction: { ...BANK, ispb: undefined } },
    '/paymentInstruction/ispb',
    'REQUIRED',
  ],
  [
    'a wallet of an unknown asset',
    { paymentInstruction: { ...WALLET, asset: 'BRL' } },
    '/paymentInstruction/asset',
    'INVALID_ENUM',
  ],
  [
    'an unknown network',
    { paymentInstruction: { ...WALLET, network: 'SOLANA' } },
    '/paymentInstruction/network',
    'INVALID_ENUM',
  ],
  [
    'USDC on TRON',
    { paymentInstruction: { ...WALLET, asset: 'USDC' } },
    '/paymentInstruction/network',
    'UNSUPPORTED_NETWORK',
  ],
  [
    'BTC on ETHEREUM',
    {
      paymentInstruction: {
        ...WALLET,
        asset: 'BTC',
        network: 'ETHEREUM',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      },
    },
    '/paymentInstruction/network',
    'UNSUPPORTED_NETWORK',
  ],
  [
    'a TRON address with a wrong checksum',
    { paymentInstruction: { ...WALLET, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' } },
    '/paymentInstruction/address',
    'INVALID_CHECKSUM',
  ],
  [
    'an EVM address on TRON',
    { paymentInstruction: { ...WALLET, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } },
    '/paymentInstruction/address',
    'INVALID_FORMAT',
  ],
  [
    'an EVM address with a wrong EIP-55 case',
    {
      paymentInstruction: {
        ...WALLET,
        network: 'ETHEREUM',
        address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      },
    },
    '/paymentInstruction/address',
    'INVALID_CHECKSUM',
  ],
  [
    'a Bitcoin address with a wrong checksum',
    {
      paymentInstruction: {
        ...WALLET,
        asset: 'BTC',
        network: 'BITCOIN',
        address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      },
    },
    '/paymentInstruction/address',
    'INVALID_CHECKSUM',
  ],
  [
    'a testnet Bitcoin address',
    {
      paymentInstruction: {
        ...WALLET,
        asset: 'BTC',
        network: 'BITCOIN',
        address: 'tb1qw508d6qejxtdg4c6d5hqmj4t3pzyxlz3lnyqv2',
      },
    },
    '/paymentInstruction/address',
    'INVALID_FORMAT',
  ],
];

/** Instructions that pass, one per key type and network. */
const ACCEPTED: [string, Record<string, unknown>][] = [
  ['a PIX CPF key, punctuated', { ...PIX_EMAIL, keyType: 'CPF', key: '529.982.247-25' }],
  ['a PIX CNPJ key', { ...PIX_EMAIL, keyType: 'CNPJ', key: cnpj('112223330001') }],
  ['a PIX phone key', { ...PIX_EMAIL, keyType: 'PHONE', key: '+5511987654321' }],
  ['a PIX EVP key', { ...PIX_EMAIL, keyType: 'EVP', key: '123E4567-E89B-12D3-A456-426614174000' }],
  [
    'USDT on ETHEREUM',
    { ...WALLET, network: 'ETHEREUM', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
  ],
  [
    'USDT on POLYGON',
    { ...WALLET, network: 'POLYGON', address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' },
  ],
  [
    'BTC, legacy',
    { ...WALLET, asset: 'BTC', network: 'BITCOIN', address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' },
  ],
  [
    'BTC, taproot',
    {
      ...WALLET,
      asset: 'BTC',
      network: 'BITCOIN',
      address: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    },
  ],
];

describe.each(ENGINES)('beneficiary validation on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  it.each(REFUSED)(
    'refuses %s with a 400 pointing at the field',
    async (_, overrides, pointer, code) => {
      const problem = expectProblem(
        await postBeneficiary(t, token, beneficiaryBody(overrides)),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors).toContainEqual(expect.objectContaining({ pointer, in: 'body', code }));
    },
  );

  it('refuses an added instruction with pointers relative to its body', async () => {
    const ben = await createBeneficiary(t, token);
    const problem = expectProblem(
      await postInstruction(t, token, ben.id, { ...WALLET, asset: 'USDC' }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/network', code: 'UNSUPPORTED_NETWORK' }),
    ]);
  });

  it('reports holder and instruction failures together', async () => {
    const problem = expectProblem(
      await postBeneficiary(
        t,
        token,
        beneficiaryBody({
          holder: { type: 'INDIVIDUAL', name: 'M', taxId: badCpf },
          paymentInstruction: { ...PIX_EMAIL, keyType: 'EVP', key: 'x' },
        }),
      ),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors?.map((e) => e.pointer)).toEqual([
      '/holder/taxId',
      '/paymentInstruction/key',
    ]);
  });

  it.each(ACCEPTED)('accepts %s', async (_, instruction) => {
    const ben = await createBeneficiary(t, token);
    const res = await postInstruction(t, token, ben.id, instruction);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('creates nothing when refusing', async () => {
    const fresh = await t.customer();
    await postBeneficiary(t, fresh.token, beneficiaryBody({ relationshipType: 'X' }));
    const list = await t.as(fresh.token, { method: 'GET', url: '/v1/beneficiaries' });
    expect(list.json().data).toEqual([]);
  });
});
