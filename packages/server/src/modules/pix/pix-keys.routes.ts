import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidData } from '../../lib/errors.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { ExchangeDeps } from '../../operations/operation-deps.js';
import { PixRecipientSchema } from '../../operations/kinds/pix-payment/pix-payment.schema.js';
import { PixPaymentsService } from '../../operations/kinds/pix-payment/pix-payment.request.js';
import { pixDirectoryFor } from './pix-directory-for.js';
import { parseBareKey } from './pix-key.js';
import { PixKeyParams } from './pix-keys.schemas.js';

/** `GET /v1/pix/keys/{key}`: who a key pays, masked (docs/api.md "PIX payments"). */
export const pixKeysRoutes: FastifyPluginAsyncTypebox<{
  deps: ExchangeDeps;
  idempotency: IdempotencyService;
}> = async (app, { deps }) => {
  const payments = new PixPaymentsService(deps, pixDirectoryFor(deps.environment));

  app.get(
    '/v1/pix/keys/:key',
    {
      schema: {
        tags: ['pix'],
        summary: 'Look a PIX key up in the directory',
        description:
          'Answers the key (type read from its shape, value normalised), its holder with name and CPF masked, and its bank. 400 INVALID_DATA for a malformed key, 404 PIX_KEY_NOT_FOUND when no account is registered for it (sandbox: the documented unknown keys, docs/sandbox.md).',
        params: PixKeyParams,
        response: { 200: PixRecipientSchema, ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const parsed = parseBareKey(request.params.key, '');
      if (parsed.kind === 'invalid') {
        throw invalidData(parsed.errors.map((e) => ({ ...e, in: 'path' as const })));
      }
      return payments.lookup(parsed.key);
    },
  );
};
