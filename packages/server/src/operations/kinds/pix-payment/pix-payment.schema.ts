import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../../lib/schema.js';
import { PIX_KEY_TYPES } from '../../../modules/beneficiaries/payment-instruction-rules.js';
import { operationCommon } from '../../operation-common.schema.js';

export const PixKeySchema = Type.Object(
  {
    keyType: StringEnum(PIX_KEY_TYPES),
    key: Type.String({ minLength: 1, maxLength: 77, examples: ['maria@example.com'] }),
  },
  { additionalProperties: false },
);

/** The directory's answer for a key, holder masked (docs/api.md "PIX payments"). */
export const PixRecipientSchema = Type.Object(
  {
    keyType: StringEnum(PIX_KEY_TYPES),
    key: Type.String({ description: 'The key, normalised.' }),
    holder: Type.Object({
      type: StringEnum(['INDIVIDUAL', 'COMPANY'] as const),
      name: Type.String({ description: 'Masked: "Mar** Sil**".', examples: ['Mar** Sil**'] }),
      taxId: Type.String({
        description: 'A CPF masked ("***.456.789-**"); a CNPJ whole ("12.345.678/0001-95").',
        examples: ['***.456.789-**'],
      }),
    }),
    bank: Type.Union(
      [
        Type.Object({
          ispb: Type.String({ examples: ['18236120'] }),
          name: Type.String({ examples: ['Nu Pagamentos S.A.'] }),
        }),
        Type.Null(),
      ],
      { description: "The receiver's PIX participant, when the directory knows it." },
    ),
  },
  { additionalProperties: false },
);

/** A PIX_PAYMENT operation as the API shows it. */
export const PixPaymentOperation = Type.Object({
  ...operationCommon,
  type: Type.Literal('PIX_PAYMENT'),
  pixKey: Type.Object({ keyType: StringEnum(PIX_KEY_TYPES), key: Type.String() }),
  recipient: PixRecipientSchema,
  brCode: Type.Union([Type.String(), Type.Null()], {
    description: 'The copy-and-paste code paid, or null for a payment to a key.',
  }),
  txid: Type.Union([Type.String(), Type.Null()], {
    description: "The code's transaction id (tag 62, sub-tag 05), or null.",
  }),
  description: Type.Union([Type.String(), Type.Null()]),
  endToEndId: Type.Union([Type.String(), Type.Null()], {
    description: 'PIX end-to-end id (32 characters), from PROCESSING on.',
  }),
});
