import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidData } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin auth hook on every /admin/v1 route: who acted, for the audit log. */
    adminActor: string;
  }
}

const digest = (value: string) =>
  createHash('sha256').update('cofre.admin-token.v1\0').update(value).digest();

/**
 * Whether `presented` is the admin token. Both sides are hashed first, so the comparison always
 * runs over 32 bytes: its time says nothing about the token's length or how many leading
 * characters matched.
 */
export function adminTokenMatches(expected: string, presented: string): boolean {
  return timingSafeEqual(digest(expected), digest(presented));
}

/** The label an operator may give in `X-Admin-Actor` (printable ASCII, up to 100 characters). */
const ACTOR = /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/;
export const DEFAULT_ADMIN_ACTOR = 'admin';

const unauthorized = () =>
  new AppError('ADMIN_UNAUTHORIZED', {
    detail: 'Send the admin token as "Authorization: Bearer <COFRE_ADMIN_TOKEN>".',
    headers: { 'www-authenticate': 'Bearer realm="cofre-admin"' },
  });

/**
 * Requires the admin token on every route of the instance it is added to (the /admin/v1 scope).
 * A customer access token is just another wrong token here: it is never verified as a JWT, so
 * no customer credential can reach the back-office.
 */
export function addAdminAuthHook(app: FastifyInstance, token: string): void {
  app.decorateRequest('adminActor', DEFAULT_ADMIN_ACTOR);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ')
      throw unauthorized();
    if (!adminTokenMatches(token, header.slice(7).trim())) throw unauthorized();
    const actor = request.headers['x-admin-actor'];
    if (actor === undefined) return;
    if (typeof actor !== 'string' || !ACTOR.test(actor)) {
      const detail = 'X-Admin-Actor must be 1-100 printable ASCII characters.';
      throw invalidData([{ pointer: '/x-admin-actor', in: 'header', code: 'pattern', detail }]);
    }
    request.adminActor = actor;
  });
}
