import { Type, type Static } from '@sinclair/typebox';
import { ASSETS } from '../../lib/money.js';
import { Metadata, MetadataPatch, MetadataView } from '../../lib/metadata.js';
import { metadataFilterProperty } from '../../lib/metadata-query.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { FreeText, StringEnum } from '../../lib/schema.js';
import { BalanceSchema } from './balances.schemas.js';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ASSET_STATUSES } from './accounts.table.js';

export const AccountTypeSchema = StringEnum(ACCOUNT_TYPES, { description: 'CHECKING or SAVING.' });
export const AccountStatusSchema = StringEnum(ACCOUNT_STATUSES);
export const AssetSchema = StringEnum(ASSETS, { description: 'Asset code.' });

export const AccountAsset = Type.Object({
  asset: AssetSchema,
  status: StringEnum(ASSET_STATUSES, {
    description: 'ONBOARDING until the asset is ready, then ACTIVE (or FAILED).',
  }),
});

export const Account = Type.Object(
  {
    id: Type.String({ examples: ['acc_01JD0000000000000000000000'] }),
    type: AccountTypeSchema,
    name: Type.Optional(Type.String({ description: 'The label given at opening, if any.' })),
    status: AccountStatusSchema,
    assets: Type.Array(AccountAsset),
    balances: Type.Array(Type.Ref(BalanceSchema), {
      description: 'One per asset, as GET /v1/accounts/{id}/balances answers.',
    }),
    metadata: MetadataView,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Account',
    examples: [
      {
        id: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        type: 'CHECKING',
        status: 'OPENING',
        assets: [
          { asset: 'BRL', status: 'ONBOARDING' },
          { asset: 'USDT', status: 'ONBOARDING' },
        ],
        balances: [
          { asset: 'BRL', available: '0.00', pending: '0.00', total: '0.00' },
          { asset: 'USDT', available: '0.000000', pending: '0.000000', total: '0.000000' },
        ],
        metadata: { customerRef: 'C-1042' },
        createdAt: '2026-11-22T08:56:31.512Z',
        updatedAt: '2026-11-22T08:56:31.512Z',
      },
    ],
  },
);
export type Account = Static<typeof Account>;

export const CreateAccountBody = Type.Object(
  {
    type: AccountTypeSchema,
    name: Type.Optional(
      FreeText(100, {
        description:
          'A label of your choice. In the sandbox, `FAIL_ONBOARDING` in it makes assets fail onboarding (docs/sandbox.md).',
      }),
    ),
    assets: Type.Optional(
      Type.Array(AssetSchema, {
        minItems: 1,
        maxItems: ASSETS.length,
        uniqueItems: true,
        description: 'Defaults to ["BRL"].',
      }),
    ),
    metadata: Type.Optional(Metadata),
  },
  // Swagger UI offers this body as-is; it succeeds (test/integration/http.openapi.test.ts).
  { additionalProperties: false, examples: [{ type: 'CHECKING', assets: ['BRL', 'USDT'] }] },
);
export type CreateAccountBody = Static<typeof CreateAccountBody>;

export const ListAccountsQuery = ListQuery({
  type: Type.Optional(AccountTypeSchema),
  status: Type.Optional(AccountStatusSchema),
  ...metadataFilterProperty,
});
export type ListAccountsQuery = Static<typeof ListAccountsQuery>;

export const AccountPage = Page(Type.Ref(Account));

/** PATCH /v1/accounts/{id}: only the metadata is the integrator's to change. */
export const PatchAccountBody = Type.Object(
  { metadata: MetadataPatch },
  {
    additionalProperties: false,
    examples: [{ metadata: { customerRef: 'C-1042', legacyId: '' } }],
  },
);
export type PatchAccountBody = Static<typeof PatchAccountBody>;

export const AccountParams = Type.Object({
  accountId: Type.String({ minLength: 1, maxLength: 64 }),
});
