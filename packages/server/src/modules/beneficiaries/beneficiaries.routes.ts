import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../plugins/problem.schema.js';
import { IdempotencyKeyHeaders, idempotent } from '../idempotency/index.js';
import type { IdempotencyService } from '../idempotency/index.js';
import {
  AddPaymentInstructionBody,
  Beneficiary,
  BeneficiaryPage,
  BeneficiaryParams,
  CreateBeneficiaryBody,
  InstructionParams,
  ListBeneficiariesQuery,
  PatchBeneficiaryBody,
  PaymentInstruction,
} from './beneficiaries.schemas.js';
import type { BeneficiariesService } from './beneficiaries.service.js';
import type { RouteApp } from '../../plugins/route-app.js';
import { requires } from '../../plugins/route-scope.js';
import { StoredMetadata, sendWithStoredMetadata } from '../../lib/stored-metadata.js';

const listSchema = {
  ...requires('beneficiaries:read'),
  tags: ['beneficiaries'],
  summary: 'List beneficiaries',
  querystring: ListBeneficiariesQuery,
  response: { 200: BeneficiaryPage, ...problemResponses(400, 401, 429) },
};

/** Beneficiaries and their payment instructions (docs/api.md). */
export const beneficiariesRoutes: FastifyPluginAsyncTypebox<{
  beneficiaries: BeneficiariesService;
  idempotency: IdempotencyService;
}> = async (app, { beneficiaries, idempotency }) => {
  beneficiaryRoutes(app, beneficiaries, idempotency);
  instructionRoutes(app, beneficiaries, idempotency);
};

/** A beneficiary: create (with its first instruction), list, get, update its metadata. */
function beneficiaryRoutes(
  app: RouteApp,
  beneficiaries: BeneficiariesService,
  idempotency: IdempotencyService,
): void {
  app.post(
    '/v1/beneficiaries',
    {
      schema: {
        ...requires('beneficiaries:write'),
        tags: ['beneficiaries'],
        summary: 'Create a beneficiary with its first payment instruction',
        description:
          'The instruction starts PENDING_REVIEW. Accepts `Idempotency-Key` (docs/api.md).',
        headers: IdempotencyKeyHeaders,
        body: CreateBeneficiaryBody,
        response: {
          201: Type.Ref(Beneficiary),
          ...problemResponses(400, 401, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const beneficiary = await idempotent(request, reply, idempotency, (complete) =>
        beneficiaries.create(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/beneficiaries/${beneficiary.id}`).send(beneficiary);
    },
  );

  app.get('/v1/beneficiaries', { schema: listSchema }, async (request, reply) => {
    const stored = new StoredMetadata();
    const page = await beneficiaries.list(request.auth.customerId, request.query, stored);
    return sendWithStoredMetadata(reply, page, stored);
  });

  app.get(
    '/v1/beneficiaries/:beneficiaryId',
    {
      schema: {
        ...requires('beneficiaries:read'),
        tags: ['beneficiaries'],
        summary: 'Get a beneficiary',
        params: BeneficiaryParams,
        response: { 200: Type.Ref(Beneficiary), ...problemResponses(401, 404, 429) },
      },
    },
    async (request) => beneficiaries.get(request.auth.customerId, request.params.beneficiaryId),
  );

  app.patch(
    '/v1/beneficiaries/:beneficiaryId',
    {
      schema: {
        ...requires('beneficiaries:write'),
        tags: ['beneficiaries'],
        summary: "Update a beneficiary's metadata",
        description:
          'Merges `metadata` into the beneficiary\'s: a key given replaces its value, a key set to "" is removed, `null` removes every key (docs/api.md "Metadata"). The holder and the instructions are not changed this way.',
        params: BeneficiaryParams,
        body: PatchBeneficiaryBody,
        response: {
          200: Type.Ref(Beneficiary),
          ...problemResponses(400, 401, 404, 413, 415, 429),
        },
      },
    },
    async (request) =>
      beneficiaries.update(request.auth.customerId, request.params.beneficiaryId, request.body),
  );
}

/** A beneficiary's payment instructions: add one (PENDING_REVIEW), remove one. */
function instructionRoutes(
  app: RouteApp,
  beneficiaries: BeneficiariesService,
  idempotency: IdempotencyService,
): void {
  app.post(
    '/v1/beneficiaries/:beneficiaryId/paymentInstructions',
    {
      schema: {
        ...requires('beneficiaries:write'),
        tags: ['beneficiaries'],
        summary: 'Add a payment instruction to a beneficiary',
        description:
          'Answers the new instruction, PENDING_REVIEW. The same instruction twice on one ' +
          'beneficiary is 409 DUPLICATE_PAYMENT_INSTRUCTION. Accepts `Idempotency-Key`.',
        headers: IdempotencyKeyHeaders,
        params: BeneficiaryParams,
        body: AddPaymentInstructionBody,
        response: {
          201: Type.Ref(PaymentInstruction),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { beneficiaryId } = request.params;
      const instruction = await idempotent(request, reply, idempotency, (complete) =>
        beneficiaries.addPaymentInstruction(
          request.auth.customerId,
          beneficiaryId,
          request.body,
          complete,
        ),
      );
      return reply.header('location', `/v1/beneficiaries/${beneficiaryId}`).send(instruction);
    },
  );

  app.delete(
    '/v1/beneficiaries/:beneficiaryId/paymentInstructions/:instructionId',
    {
      schema: {
        ...requires('beneficiaries:write'),
        tags: ['beneficiaries'],
        summary: 'Remove a payment instruction',
        description:
          'Soft removal: no new operation may use it; past operations keep their snapshot. ' +
          'Removing it again is 404.',
        params: InstructionParams,
        response: {
          204: Type.Null({ description: 'Removed.' }),
          ...problemResponses(401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { beneficiaryId, instructionId } = request.params;
      await beneficiaries.removePaymentInstruction(
        request.auth.customerId,
        beneficiaryId,
        instructionId,
      );
      return reply.code(204).send(null);
    },
  );
}
