import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { transact } from '../../db/transact.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import { KINDS, KIND_LIST } from '../kinds/registry.js';
import type { OperationDeps } from '../operation-deps.js';
import { operationViews } from '../operation-view.js';
import { findOperationById, findOwnOperation } from '../operations.repository.js';
import { Operation, OperationParams } from '../operations.schemas.js';
import { failOperation } from './operations.lifecycle.js';
import { requires } from '../../plugins/route-scope.js';

const invalidState = (detail: string) => new AppError('INVALID_STATE', { detail });

/** The kinds a customer may cancel (`cancel` in their OperationKind): today ORDER. */
const cancellable = (): string =>
  KIND_LIST.filter((kind) => kind.cancel)
    .map((kind) => kind.type)
    .join(' or ');

/**
 * `POST /v1/operations/{id}/cancel`: an open operation of a kind that declares `cancel` (an open
 * LIMIT order) goes PROCESSING → FAILED with the kind's reason (CANCELLED_BY_CUSTOMER) and its
 * money released, in one compare-and-set; of a cancel and a fill racing, exactly one moves it.
 * Anything else → 409 INVALID_STATE.
 */
export const cancelRoute: FastifyPluginAsyncTypebox<{ deps: OperationDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    '/v1/operations/:operationId/cancel',
    {
      schema: {
        ...requires('operations:write'),
        tags: ['operations'],
        summary: 'Cancel an open LIMIT order',
        description:
          'An open order (ORDER, PROCESSING) becomes FAILED with reason CANCELLED_BY_CUSTOMER and its hold is released. Anything else (another type, an order already filled, expired or cancelled) → 409 INVALID_STATE. No body (docs/api.md "Orders: cancelling").',
        params: OperationParams,
        response: { 200: Type.Ref(Operation), ...problemResponses(401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { operationId } = request.params;
      const row = isId('operation', operationId)
        ? await findOwnOperation(deps.db, request.auth, operationId)
        : undefined;
      if (!row) throw notFound('Operation', operationId);
      const cancel = KINDS[row.type].cancel;
      if (!cancel) {
        throw invalidState(
          `Operation ${row.id} is a ${row.type}; only an open ${cancellable()} can be cancelled.`,
        );
      }
      return transact(deps.db, async (tx) => {
        const at = deps.clock.now();
        const moved = await failOperation(tx, deps, row.id, { ...cancel.reason }, at);
        const current = (await findOperationById(tx.trx, row.id))!;
        if (!moved) {
          const name = cancel.name[0]!.toUpperCase() + cancel.name.slice(1);
          throw invalidState(
            `${name} ${row.id} is ${current.status}; only an open ${cancel.name} can be cancelled.`,
          );
        }
        const [view] = await operationViews(tx.trx, [current]);
        return view!;
      });
    },
  );
};
