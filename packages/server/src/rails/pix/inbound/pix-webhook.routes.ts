import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { hashSecret, safeEqual } from '../../../lib/secrets.js';
import { dueNow } from '../charges/charge-intent.js';
import { PIX_JOB_IDS } from '../pix-job-ids.js';
import { noteNotified } from './pix-inbox.repository.js';
import { countWebhook } from './pix-inbound-metrics.js';

/** At most this many Pix per callback (API Pix lets a PSP batch a key's Pix; GET /pix pages hold 1,000). */
const MAX_ITEMS = 1_000;

/**
 * API Pix's callback body (WebhookPixBody, `{pix: Pix[]}`): only what cofre uses is checked —
 * each endToEndId; the rest is read back from the PSP, so nothing else of the body is trusted.
 */
const WebhookPixBody = Type.Object(
  {
    pix: Type.Array(
      Type.Object(
        { endToEndId: Type.String({ pattern: '^[a-zA-Z0-9]{32}$', minLength: 32, maxLength: 32 }) },
        { additionalProperties: true, maxProperties: 32 },
      ),
      { maxItems: MAX_ITEMS },
    ),
  },
  { additionalProperties: true, maxProperties: 8 },
);
type WebhookPixBody = Static<typeof WebhookPixBody>;

const Params = Type.Object({ secret: Type.String({ maxLength: 128 }) });

/**
 * The PSP's webhook (docs/rails.md "PIX: money arriving"): `POST <COFRE_PUBLIC_URL>/rails/pix/
 * webhook/<COFRE_PIX_WEBHOOK_SECRET>/pix` — API Pix appends `/pix` to the registered webhookUrl;
 * the bare URL is accepted too, for PSPs that do not. The secret in the path authenticates it,
 * compared in constant time (hashes of equal length); a wrong one is the same 404 as any unknown
 * path and writes nothing. mTLS, which API Pix asks of the callback, belongs to the proxy that
 * terminates TLS in front of cofre (docs/rails.md). The answer is fast: the endToEndIds go into
 * the inbox in one transaction, the inbound job reads each back from the PSP and credits it.
 */
export function pixWebhookRoutes(deps: { db: Db; clock: Clock; webhookSecret: string }) {
  const expected = hashSecret(deps.webhookSecret);
  return async function routes(app: FastifyInstance): Promise<void> {
    // Before the body is parsed or validated: a wrong secret learns nothing, not even a 400.
    const onRequest = async (request: FastifyRequest<{ Params: Static<typeof Params> }>) => {
      if (safeEqual(hashSecret(request.params.secret ?? ''), expected)) return;
      countWebhook('rejected');
      // The answer of an unknown path, word for word (plugins/errors.ts).
      const path = request.url.split('?')[0] ?? '';
      throw new AppError('ROUTE_NOT_FOUND', { detail: `No route POST ${path.slice(0, 200)}.` });
    };
    const handler = async (
      request: FastifyRequest<{ Params: Static<typeof Params>; Body: WebhookPixBody }>,
      reply: FastifyReply,
    ) => {
      const ids = request.body.pix.map((p) => p.endToEndId);
      const at = deps.clock.now();
      await transact(deps.db, async (tx) => {
        await noteNotified(tx.trx, ids, at);
        await dueNow(tx, PIX_JOB_IDS.inbound, at);
      });
      countWebhook('accepted', ids.length);
      return reply.code(200).send();
    };
    const schema = { hide: true, params: Params, body: WebhookPixBody };
    app.post('/rails/pix/webhook/:secret/pix', { schema, onRequest }, handler);
    app.post('/rails/pix/webhook/:secret', { schema, onRequest }, handler);
  };
}
