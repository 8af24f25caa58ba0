import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../lib/schema.js';
import { PIX_KEY_TYPES } from '../beneficiaries/index.js';

export const PixKeyParams = Type.Object({
  key: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'A PIX key; its type is read from its shape (CPF, CNPJ, e-mail, +55 phone, EVP UUID). URL-encode it (`%2B` for `+`, `%40` for `@` are both accepted).',
    examples: ['maria@example.com'],
  }),
});

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
