import type { FastifyRequest } from 'fastify';
import { ADMIN_TAG } from '../../plugins/openapi.js';
import { problemResponses } from '../../plugins/problem.schema.js';
import type { ActionContext } from './audited.js';

/**
 * What every back-office route's schema starts with: the ADMIN_TAG tag and the `adminToken`
 * scheme (plugins/openapi.ts), so each route is in /openapi.json under the operator API.
 */
export const ADMIN_ROUTE = { tags: [ADMIN_TAG], security: [{ adminToken: [] }] };

/** The problems an action can answer: its body's (400, 413, 415), the token's, and `statuses`. */
export const acting = (...statuses: (404 | 409)[]) =>
  problemResponses(400, 401, ...statuses, 413, 415);

/** Who asked, from the request: the audit row's actor (X-Admin-Actor) and request id. */
export const actionContext = (request: FastifyRequest): ActionContext => ({
  actor: request.adminActor,
  requestId: request.id,
});
