import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidData } from '../../lib/errors.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { IdempotencyService } from '../idempotency/index.js';
import type { Db } from '../../db/database.js';
import type { PixDirectory } from './pix-directory.js';
import { lookupRecipient } from './lookup-recipient.js';
import { parseBareKey } from './pix-key.js';
import { PixKeyParams, PixRecipientSchema } from './pix-keys.schemas.js';
import { requires } from '../../plugins/route-scope.js';

/** `GET /v1/pix/keys/{key}`: who a key pays, masked (docs/api.md "PIX payments"). */
export const pixKeysRoutes: FastifyPluginAsyncTypebox<{
  // Only what a lookup reads (app.ts passes the operations' deps, which have both).
  deps: { db: Db; pixDirectory: PixDirectory };
  idempotency: IdempotencyService;
}> = async (app, { deps }) => {
  app.get(
    '/v1/pix/keys/:key',
    {
      schema: {
        ...requires('beneficiaries:read'),
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
      return lookupRecipient(deps.db, deps.pixDirectory, parsed.key);
    },
  );
};
