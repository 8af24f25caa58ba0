import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../plugins/problem.schema.js';
import { acting, actionContext, ADMIN_ROUTE } from '../admin-route.js';
import { ReasonBody } from '../admin.schemas.js';
import { InstructionParams, OperatorInstruction } from './instructions.schemas.js';
import type { InstructionsAdmin } from './instructions.service.js';

/** Read a payment instruction, approve or reject it (docs/admin.md "Payment instructions"). */
export const instructionsRoutes: FastifyPluginAsyncTypebox<{
  instructions: InstructionsAdmin;
}> = async (app, { instructions }) => {
  app.get(
    '/admin/v1/paymentInstructions/:instructionId',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: InstructionParams,
        response: { 200: OperatorInstruction, ...problemResponses(401, 404) },
      },
    },
    async (request) => instructions.get(request.params.instructionId),
  );

  app.post(
    '/admin/v1/paymentInstructions/:instructionId/approve',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: InstructionParams,
        response: { 200: OperatorInstruction, ...acting(404, 409) },
      },
    },
    async (request) =>
      instructions.decide(actionContext(request), request.params.instructionId, {
        approve: true,
      }),
  );

  app.post(
    '/admin/v1/paymentInstructions/:instructionId/reject',
    {
      schema: {
        ...ADMIN_ROUTE,
        params: InstructionParams,
        body: ReasonBody,
        response: { 200: OperatorInstruction, ...acting(404, 409) },
      },
    },
    async (request) =>
      instructions.decide(actionContext(request), request.params.instructionId, {
        approve: false,
        reason: request.body.reason,
      }),
  );
};
