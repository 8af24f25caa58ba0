import { Type, type Static } from '@sinclair/typebox';
import { AmountString } from '../../lib/money.js';
import { ListQuery, Page } from '../../lib/pagination.js';
import { FreeText, StringEnum } from '../../lib/schema.js';
import { Account, AssetSchema } from '../accounts/index.js';
import { PaymentInstruction } from '../beneficiaries/index.js';
import { Operation } from '../../operations/index.js';
import { CLIENT_STATUSES } from '../customers/index.js';
import { ADMIN_ACTIONS, ADMIN_SUBJECT_TYPES } from './admin-actions.table.js';

const strict = { additionalProperties: false } as const;
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Name = FreeText(200);

export const CustomerParams = Type.Object({ customerId: Id });
export const ClientParams = Type.Object({ clientId: Id });
export const InstructionParams = Type.Object({ instructionId: Id });
export const AccountParams = Type.Object({ accountId: Id });
export const AccountAssetParams = Type.Object({ accountId: Id, asset: AssetSchema });
export const OperationParams = Type.Object({ operationId: Id });

// Object-level `examples` become the request examples of /openapi.json; each succeeds as sent
// (http.openapi.test.ts sends them).
export const CreateCustomerBody = Type.Object(
  { name: Name },
  { ...strict, examples: [{ name: 'Acme Pagamentos Ltda' }] },
);
export type CreateCustomerBody = Static<typeof CreateCustomerBody>;

export const CreateClientBody = Type.Object(
  {
    name: Type.Optional(FreeText(200, { description: "Defaults to the customer's name." })),
  },
  { ...strict, examples: [{ name: 'Nightly settlement batch' }] },
);
export type CreateClientBody = Static<typeof CreateClientBody>;

/** A decision's reason, as instructions and assets show it: `{code, message}`. */
export const Reason = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Z][A-Z0-9_]{0,63}$',
      maxLength: 64,
      examples: ['COMPLIANCE_REJECTED'],
    }),
    message: FreeText(500),
  },
  strict,
);
export const ReasonBody = Type.Object(
  { reason: Reason },
  {
    ...strict,
    examples: [
      { reason: { code: 'COMPLIANCE_REJECTED', message: 'Refused after compliance review.' } },
    ],
  },
);
export type ReasonBody = Static<typeof ReasonBody>;

/**
 * Marks a deposit received. `amount` is what actually arrived and is credited (shown as the
 * operation's `receivedAmount`); without it, the requested amount. Same rules as every amount.
 */
export const ReceiveDepositBody = Type.Object(
  {
    amount: Type.Optional(
      AmountString({
        description:
          "What arrived and is credited, when it differs from the requested amount (decimal string, the asset's rules). Defaults to the requested amount.",
        examples: ['99.50'],
      }),
    ),
  },
  { ...strict, examples: [{ amount: '99.50' }] },
);
export type ReceiveDepositBody = Static<typeof ReceiveDepositBody>;

/** Shown once, when created or rotated. */
export const IssuedCredentials = Type.Object({
  customerId: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown only in this answer; store it safely.' }),
});
export const RotatedSecret = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown only in this answer; store it safely.' }),
  secretVersion: Type.Integer(),
});

export const OperatorCustomer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperatorCustomer = Static<typeof OperatorCustomer>;

/** An API client as an operator sees it: never its secret or webhook keys. */
export const OperatorClient = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  environment: Type.String(),
  status: StringEnum(CLIENT_STATUSES),
  secretVersion: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  secretRotatedAt: Type.String({ format: 'date-time' }),
});
export type OperatorClient = Static<typeof OperatorClient>;
export const OperatorClientList = Type.Object({ data: Type.Array(OperatorClient) });

/** The customer API's own view, with whose it is (an operator reads across customers). */
export const OperatorInstruction = Type.Object({
  customerId: Type.String(),
  beneficiaryId: Type.String(),
  instruction: Type.Ref(PaymentInstruction),
});
export const OperatorAccount = Type.Object({
  customerId: Type.String(),
  account: Type.Ref(Account),
});

export const OperatorOperation = Type.Object({
  customerId: Type.String(),
  operation: Type.Ref(Operation),
});

const Snapshot = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]);
export const AuditEntry = Type.Object({
  id: Type.String({ examples: ['adm_01JD0000000000000000000000'] }),
  actor: Type.String({ description: 'X-Admin-Actor of the request, or "admin".' }),
  action: StringEnum(ADMIN_ACTIONS),
  subjectType: StringEnum(ADMIN_SUBJECT_TYPES),
  subjectId: Type.String(),
  before: Snapshot,
  after: Snapshot,
  requestId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLogQuery = ListQuery({
  action: Type.Optional(StringEnum(ADMIN_ACTIONS)),
  // Ids are letters, digits and `_`: anything else matches nothing, and a NUL byte would be an
  // error to PostgreSQL rather than a miss.
  subjectId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }),
  ),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;
export const AuditLogPage = Page(AuditEntry);
