import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { rethrowUnlessOnlyOneOf } from '../../../plugins/validation.js';
import { IdempotencyKeyHeaders } from '../../../modules/idempotency/idempotency.schemas.js';
import type { IdempotencyService } from '../../../modules/idempotency/idempotency.service.js';
import { idempotent } from '../../../modules/idempotency/idempotent-route.js';
import { pixDirectoryFor } from '../../../modules/pix/pix-directory-for.js';
import type { ExchangeDeps } from '../../operation-deps.js';
import { Operation } from '../../operations.schemas.js';
import { PixPaymentBody } from './pix-payment.body.js';
import { PixPaymentsService } from './pix-payment.request.js';

export const pixPaymentsRoutes: FastifyPluginAsyncTypebox<{
  deps: ExchangeDeps;
  idempotency: IdempotencyService;
}> = async (app, { deps, idempotency }) => {
  const payments = new PixPaymentsService(deps, pixDirectoryFor(deps.environment));

  app.post(
    '/v1/operations/pixPayment',
    {
      attachValidation: true,
      schema: {
        tags: ['operations'],
        summary: 'Pay a PIX key or a PIX copy-and-paste code',
        description:
          'Give `pixKey` and `amount`, or `brCode` (its amount is used; `amount` only for a code without one, or equal to it). Answers the operation, REQUESTED, with the amount plus any PIX_PAYMENT fee held; then PROCESSING with an `endToEndId`, then COMPLETED or FAILED (hold released). Refused with nothing moved: 400 INVALID_DATA, INVALID_BR_CODE; 404 PIX_KEY_NOT_FOUND; 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED, BR_CODE_AMOUNT_MISMATCH. Accepts `Idempotency-Key` (docs/api.md "PIX payments").',
        headers: IdempotencyKeyHeaders,
        body: PixPaymentBody,
        response: {
          201: Type.Ref(Operation),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      rethrowUnlessOnlyOneOf(request);
      const operation = await idempotent(request, reply, idempotency, (complete) =>
        payments.pay(request.auth.customerId, request.body, complete),
      );
      return reply.header('location', `/v1/operations/${operation.id}`).send(operation);
    },
  );
};
