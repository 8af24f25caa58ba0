import { Type, type Static } from '@sinclair/typebox';
import { FreeText, StringEnum } from '../../../lib/schema.js';
import { PIX_KEY_TYPES } from '../../beneficiaries/index.js';
import { strict } from '../admin.schemas.js';

export const AdminPixKeyParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, examples: ['maria@example.com'] }),
});

const Holder = Type.Object(
  {
    type: StringEnum(['INDIVIDUAL', 'COMPANY'] as const),
    name: FreeText(140),
    taxId: Type.String({
      minLength: 11,
      maxLength: 18,
      description: 'CPF for an INDIVIDUAL, CNPJ for a COMPANY (check digits verified).',
    }),
  },
  strict,
);
const Bank = Type.Object(
  {
    ispb: Type.String({ pattern: '^[0-9]{8}$', maxLength: 8 }),
    name: FreeText(140),
  },
  strict,
);

/** `PUT /admin/v1/pix/keys/{key}`: who the key pays (docs/admin.md "PIX key directory"). */
export const PutPixKeyBody = Type.Object(
  { holder: Holder, bank: Type.Optional(Bank) },
  {
    ...strict,
    examples: [
      {
        holder: { type: 'INDIVIDUAL', name: 'Maria da Silva', taxId: '529.982.247-25' },
        bank: { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
      },
    ],
  },
);
export type PutPixKeyBody = Static<typeof PutPixKeyBody>;

/** A directory entry as the operator sees it: nothing masked. */
export const OperatorPixKey = Type.Object({
  keyType: StringEnum(PIX_KEY_TYPES),
  key: Type.String(),
  holder: Type.Object({
    type: StringEnum(['INDIVIDUAL', 'COMPANY'] as const),
    name: Type.String(),
    taxId: Type.String(),
  }),
  bank: Type.Union([Type.Object({ ispb: Type.String(), name: Type.String() }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type OperatorPixKey = Static<typeof OperatorPixKey>;
