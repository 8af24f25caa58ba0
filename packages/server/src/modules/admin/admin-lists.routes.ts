import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_TAG } from '../../plugins/openapi.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import {
  AccountListQuery,
  AccountPage,
  CustomerListQuery,
  CustomerPage,
  InstructionListQuery,
  InstructionPage,
  OperationListQuery,
  OperationPage,
} from './admin-lists.schemas.js';
import type { OperatorLists } from './admin-lists.service.js';

const PAGING =
  'Paginated like every list (docs/api.md "Pagination"): newest first unless sortOrder=ASCENDING; a cursor is bound to this list, its filters and its sort order (another is 400 INVALID_CURSOR).';

/**
 * What the operator acts on, across customers (docs/admin.md "Finding what to act on"):
 * registered by app.ts in the /admin/v1 scope next to admin.routes.ts, behind the admin token.
 * Reads, so not audited; each item is the view of the matching by-id read.
 */
export const adminListRoutes: FastifyPluginAsyncTypebox<{ lists: OperatorLists }> = async (
  app,
  { lists },
) => {
  const base = { tags: [ADMIN_TAG], security: [{ adminToken: [] }] };
  const reads = problemResponses(400, 401);

  app.get(
    '/admin/v1/customers',
    {
      schema: {
        ...base,
        summary: 'Every customer, newest first',
        description: `${PAGING} No filter by name: a name search cheap on both engines needs an index of its own (docs/admin.md).`,
        querystring: CustomerListQuery,
        response: { 200: CustomerPage, ...reads },
      },
    },
    async (request) => lists.customers(request.query),
  );

  app.get(
    '/admin/v1/paymentInstructions',
    {
      schema: {
        ...base,
        summary: "Every customer's payment instructions (status=PENDING_REVIEW: the review queue)",
        description: `Each with its beneficiary's holder and relationship, and removedAt when the customer removed it. ${PAGING}`,
        querystring: InstructionListQuery,
        response: { 200: InstructionPage, ...reads },
      },
    },
    async (request) => lists.instructions(request.query),
  );

  app.get(
    '/admin/v1/operations',
    {
      schema: {
        ...base,
        summary: "Every customer's operations, newest first, with whose each is",
        description: `Filters: one status, one type, a customer, an account (a transfer shows under both of its accounts). ${PAGING}`,
        querystring: OperationListQuery,
        response: { 200: OperationPage, ...reads },
      },
    },
    async (request) => lists.operations(request.query),
  );

  app.get(
    '/admin/v1/accounts',
    {
      schema: {
        ...base,
        summary: "Every customer's accounts, newest first, with their balances",
        description: `Filters: one status (OPENING: assets still onboarding), a customer. ${PAGING}`,
        querystring: AccountListQuery,
        response: { 200: AccountPage, ...reads },
      },
    },
    async (request) => lists.accounts(request.query),
  );
};
