import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Metadata, MetadataPatch, MetadataView } from '../../lib/metadata.js';
import { metadataFilterProperty } from '../../lib/metadata-query.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { FreeText, StringEnum } from '../../lib/schema.js';
import { HOLDER_TYPES, RELATIONSHIP_TYPES } from './beneficiaries.table.js';
import { CRYPTO_NETWORKS } from '../../lib/crypto-addresses.js';
import { INSTRUCTION_STATUSES } from './instruction-states.js';
import { CRYPTO_ASSETS, PIX_KEY_TYPES, BANK_ACCOUNT_TYPES } from './payment-instruction-rules.js';

const strict = { additionalProperties: false } as const;

export const HolderInput = Type.Object(
  {
    type: StringEnum(HOLDER_TYPES, { description: 'INDIVIDUAL (CPF) or COMPANY (CNPJ).' }),
    name: FreeText(140),
    taxId: Type.String({
      minLength: 1,
      maxLength: 18,
      description:
        'CPF for an INDIVIDUAL, CNPJ for a COMPANY, check digits verified; digits alone or ' +
        'punctuated (`123.456.789-09`, `12.345.678/0001-95`). Shown normalised (no punctuation).',
    }),
  },
  strict,
);

const PixFields = {
  rail: Type.Literal('PIX'),
  asset: Type.Literal('BRL'),
  keyType: StringEnum(PIX_KEY_TYPES),
  key: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'CPF or CNPJ (check digits verified), e-mail, phone in E.164 (`+55` + area code + number) ' +
      'or EVP (a UUID), as `keyType` says. Shown normalised.',
  }),
};
const BankFields = {
  rail: Type.Literal('BANK_ACCOUNT'),
  asset: Type.Literal('BRL'),
  ispb: Type.String({
    pattern: '^[0-9]{8}$',
    maxLength: 8,
    description: "The bank's 8-digit ISPB.",
  }),
  branch: Type.String({
    pattern: '^[0-9]{1,4}$',
    maxLength: 4,
    description: 'Branch (agência), 1-4 digits.',
  }),
  accountNumber: Type.String({
    pattern: '^[0-9]{1,20}(-?[0-9Xx])?$',
    maxLength: 22,
    description: 'Account number with its check digit (`12345-6`); shown without the hyphen.',
  }),
  accountType: StringEnum(BANK_ACCOUNT_TYPES),
};
const CryptoFields = {
  rail: Type.Literal('CRYPTO_WALLET'),
  asset: StringEnum(CRYPTO_ASSETS),
  network: StringEnum(CRYPTO_NETWORKS, {
    description: 'USDT: ETHEREUM, TRON, POLYGON; USDC: ETHEREUM, POLYGON; BTC: BITCOIN.',
  }),
  address: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'Checked for the network (EIP-55, Base58Check, bech32/bech32m).',
  }),
};

const PixInput = Type.Object(PixFields, strict);
const BankInput = Type.Object(BankFields, strict);
const CryptoInput = Type.Object(CryptoFields, strict);

/**
 * One schema per rail, chosen by `rail` (OpenAPI discriminator; ajv validates only the branch the
 * rail names, so every error points into that branch).
 */
const discriminated = <T extends TSchema[]>(branches: [...T]) =>
  Type.Unsafe<Static<T[number]>>({
    type: 'object',
    required: ['rail'],
    discriminator: { propertyName: 'rail' },
    oneOf: branches,
  });

export const PaymentInstructionInput = discriminated([PixInput, BankInput, CryptoInput]);
export type PaymentInstructionInput = Static<typeof PaymentInstructionInput>;

const PIX_EXAMPLE = { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'finance@example.com' };

export const CreateBeneficiaryBody = Type.Object(
  {
    holder: HolderInput,
    relationshipType: StringEnum(RELATIONSHIP_TYPES),
    paymentInstruction: PaymentInstructionInput,
    metadata: Type.Optional(Metadata),
  },
  {
    ...strict,
    // Swagger UI offers this body as-is; it succeeds (test/integration/http.openapi.test.ts).
    examples: [
      {
        holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: '529.982.247-25' },
        relationshipType: 'THIRD_PARTY',
        paymentInstruction: PIX_EXAMPLE,
      },
    ],
  },
);
export type CreateBeneficiaryBody = Static<typeof CreateBeneficiaryBody>;

export const AddPaymentInstructionBody = Type.Unsafe<PaymentInstructionInput>({
  ...PaymentInstructionInput,
  examples: [
    {
      rail: 'CRYPTO_WALLET',
      asset: 'USDT',
      network: 'ETHEREUM',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    },
  ],
});

const Reason = Type.Union([
  Type.Object({ code: Type.String(), message: Type.String() }),
  Type.Null(),
]);
const reviewFields = {
  id: Type.String({ examples: ['pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR'] }),
  status: StringEnum(INSTRUCTION_STATUSES, {
    description: 'PENDING_REVIEW until compliance decides: APPROVED or REJECTED (with reason).',
  }),
  reason: Reason,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

export const PaymentInstruction = Type.Union(
  [
    Type.Object({ ...reviewFields, ...PixFields }),
    Type.Object({ ...reviewFields, ...BankFields }),
    Type.Object({ ...reviewFields, ...CryptoFields }),
  ],
  { $id: 'PaymentInstruction' },
);
export type PaymentInstruction = Static<typeof PaymentInstruction>;

export const Beneficiary = Type.Object(
  {
    id: Type.String({ examples: ['ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR'] }),
    holder: Type.Object({
      type: StringEnum(HOLDER_TYPES),
      name: Type.String(),
      taxId: Type.String(),
    }),
    relationshipType: StringEnum(RELATIONSHIP_TYPES),
    paymentInstructions: Type.Array(Type.Ref(PaymentInstruction), {
      description: 'Its instructions not removed, oldest first.',
    }),
    metadata: MetadataView,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Beneficiary' },
);
export type Beneficiary = Static<typeof Beneficiary>;

export const ListBeneficiariesQuery = ListQuery({
  taxId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 18,
      description: 'Only the holder with this CPF/CNPJ (punctuation ignored).',
    }),
  ),
  ...metadataFilterProperty,
});
export type ListBeneficiariesQuery = Static<typeof ListBeneficiariesQuery>;

export const BeneficiaryPage = Page(Type.Ref(Beneficiary));

/** PATCH /v1/beneficiaries/{id}: the metadata only (holder and instructions are reviewed facts). */
export const PatchBeneficiaryBody = Type.Object(
  { metadata: MetadataPatch },
  { additionalProperties: false, examples: [{ metadata: { supplierId: 'S-77' } }] },
);
export type PatchBeneficiaryBody = Static<typeof PatchBeneficiaryBody>;

export const BeneficiaryParams = Type.Object({
  beneficiaryId: Type.String({ minLength: 1, maxLength: 64 }),
});
export const InstructionParams = Type.Object({
  beneficiaryId: Type.String({ minLength: 1, maxLength: 64 }),
  instructionId: Type.String({ minLength: 1, maxLength: 64 }),
});
