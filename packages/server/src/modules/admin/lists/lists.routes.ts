import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { ADMIN_ROUTE } from '../admin-route.js';
import {
  AccountListQuery,
  AccountPage,
  CustomerListQuery,
  CustomerPage,
  InstructionListQuery,
  InstructionPage,
  OperationListQuery,
  OperationPage,
} from './lists.schemas.js';
import type { OperatorLists } from './lists.service.js';

const PAGING =
  'Paginated like every list (docs/api.md "Pagination"): newest first unless sortOrder=ASCENDING; a cursor is bound to this list, its filters and its sort order (another is 400 INVALID_CURSOR).';

/**
 * What the operator acts on, across customers (docs/admin.md "Finding what to act on"):
 * a room of the back-office like the others (admin.routes.ts), behind the admin token.
 * Reads, so not audited; each item is the view of the matching by-id read.
 */
export const listsRoutes: FastifyPluginAsyncTypebox<{ lists: OperatorLists }> = async (
  app,
  { lists },
) => {
  const reads = problemResponses(400, 401);

  app.get(
    '/admin/v1/customers',
    {
      schema: {
        ...ADMIN_ROUTE,
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
        ...ADMIN_ROUTE,
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
        ...ADMIN_ROUTE,
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
        ...ADMIN_ROUTE,
        summary: "Every customer's accounts, newest first, with their balances",
        description: `Filters: one status (OPENING: assets still onboarding), a customer. ${PAGING}`,
        querystring: AccountListQuery,
        response: { 200: AccountPage, ...reads },
      },
    },
    async (request) => lists.accounts(request.query),
  );
};
