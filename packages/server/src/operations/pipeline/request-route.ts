import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdempotencyKeyHeaders,
  idempotent,
  idempotentInTransaction,
} from '../../modules/idempotency/index.js';
import type { IdempotencyService } from '../../modules/idempotency/index.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { rethrowUnlessOnlyOneOf } from '../../plugins/validation.js';
import type { OperationKind } from '../kinds/operation-kind.js';
import type { OperationDeps } from '../operation-deps.js';
import { Operation } from '../operations.schemas.js';
import { splitCommonFields, withCommonFields } from './common-fields.js';
import { requestOperation } from './request-operation.js';
import { requires } from '../../plugins/route-scope.js';

/**
 * `POST <path>` for every kind that is requested over HTTP: the kind's schemas, the idempotency
 * headers, the optional `externalReference` every kind's body accepts, 201 with the operation and
 * its `Location`, and the problem responses every creating request shares. The handler is the
 * pipeline; a kind adds no route code of its own.
 */
export const operationRequestRoutes: FastifyPluginAsyncTypebox<{
  deps: OperationDeps;
  idempotency: IdempotencyService;
  kinds: readonly OperationKind[];
}> = async (app, { deps, idempotency, kinds }) => {
  for (const kind of kinds) {
    const spec = kind.request;
    if (!spec) continue;
    app.post(
      spec.path,
      {
        ...(spec.attachValidation ? { attachValidation: true } : {}),
        schema: {
          ...requires('operations:write'),
          tags: ['operations'],
          summary: spec.summary,
          description: spec.description,
          headers: IdempotencyKeyHeaders,
          ...(spec.params ? { params: spec.params } : {}),
          body: withCommonFields(spec.body),
          response: {
            201: Type.Ref(Operation),
            ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        if (spec.attachValidation) rethrowUnlessOnlyOneOf(request);
        // The kind sees its own body; the common members are the pipeline's (common-fields.ts).
        const { common, own } = splitCommonFields(request.body);
        const input = {
          customerId: request.auth.customerId,
          accounts: request.auth.accounts,
          body: own,
          params: request.params,
          ...common,
        };
        // The key is claimed in the operation's transaction when the whole request runs there,
        // before any refusal the request could meet; not with an external reference, whose check
        // comes before the transaction (pipeline/request-operation.ts).
        const operation =
          spec.draftsInTransaction && common.externalReference === undefined
            ? await idempotentInTransaction(request, reply, idempotency, (steps) =>
                requestOperation(deps, kind.type, spec, input, steps),
              )
            : await idempotent(request, reply, idempotency, (complete) =>
                requestOperation(deps, kind.type, spec, input, { claim: claimedBefore, complete }),
              );
        return reply.header('location', `/v1/operations/${operation.id}`).send(operation);
      },
    );
  }
};

/** The key was claimed before the transaction (IdempotencyService.run): nothing to do in it. */
const claimedBefore = async (): Promise<void> => {};
