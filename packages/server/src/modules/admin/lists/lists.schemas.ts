import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Page } from '../../../lib/pagination.js';
import { StringEnum } from '../../../lib/schema.js';
import { OPERATION_STATUSES, OPERATION_TYPES } from '../../../operations/index.js';
import { AccountStatusSchema } from '../../accounts/index.js';
import {
  HOLDER_TYPES,
  INSTRUCTION_STATUSES,
  PaymentInstruction,
  RELATIONSHIP_TYPES,
} from '../../beneficiaries/index.js';
import { OperatorAccount } from '../accounts/accounts.schemas.js';
import { IdFilter } from '../admin.schemas.js';
import { OperatorCustomer } from '../customers/customers.schemas.js';
import { OperatorOperation } from '../operations/operations.schemas.js';

/**
 * The back-office's lists across customers (docs/admin.md "Finding what to act on"): paginated
 * like every list (lib/pagination.ts), newest first by default, each filter one value.
 */

export const CustomerListQuery = ListQuery({});
export type CustomerListQuery = Static<typeof CustomerListQuery>;
export const CustomerPage = Page(OperatorCustomer);

export const InstructionListQuery = ListQuery({
  status: Type.Optional(
    StringEnum(INSTRUCTION_STATUSES, {
      description: 'Only instructions in this review state (PENDING_REVIEW: the review queue).',
    }),
  ),
  customerId: IdFilter("Only this customer's instructions."),
  beneficiaryId: IdFilter("Only this beneficiary's instructions."),
});
export type InstructionListQuery = Static<typeof InstructionListQuery>;

/**
 * The by-id read's view, plus what a reviewer decides on: the beneficiary's holder and
 * relationship, and whether the customer removed the instruction since (it can still be
 * decided; no new operation may use it).
 */
export const OperatorInstructionItem = Type.Object({
  customerId: Type.String(),
  beneficiaryId: Type.String(),
  holder: Type.Object({
    type: StringEnum(HOLDER_TYPES),
    name: Type.String(),
    taxId: Type.String({ description: 'CPF or CNPJ, as stored (no punctuation).' }),
  }),
  relationshipType: StringEnum(RELATIONSHIP_TYPES),
  removedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the customer removed the instruction; null while it is live.',
  }),
  instruction: Type.Ref(PaymentInstruction),
});
export const InstructionPage = Page(OperatorInstructionItem);

export const OperationListQuery = ListQuery({
  status: Type.Optional(StringEnum(OPERATION_STATUSES, { description: 'Only this status.' })),
  type: Type.Optional(StringEnum(OPERATION_TYPES, { description: 'Only this type.' })),
  customerId: IdFilter("Only this customer's operations."),
  accountId: IdFilter("Only this account's operations (a transfer shows under both its accounts)."),
});
export type OperationListQuery = Static<typeof OperationListQuery>;
export const OperationPage = Page(OperatorOperation);

export const AccountListQuery = ListQuery({
  status: Type.Optional(AccountStatusSchema),
  customerId: IdFilter("Only this customer's accounts."),
});
export type AccountListQuery = Static<typeof AccountListQuery>;
export const AccountPage = Page(OperatorAccount);
