import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  idempotencyKeyOf,
  requestFingerprint,
  type CompleteIdempotent,
  type IdempotentResult,
  type IdempotentSteps,
  type IdempotencyService,
} from './idempotency.service.js';

/**
 * The route side of an idempotent POST: reads the key from the headers, fingerprints the request
 * (method, route path, body), runs `execute` through the IdempotencyService, marks a replay with
 * `Idempotent-Replayed: true` and sets the status the original answer had. `execute` receives
 * `complete`, which the service calls inside its own transaction so the response is recorded
 * together with what it created. Returns the body for the route to send.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  idempotency: IdempotencyService,
  execute: (complete: CompleteIdempotent) => Promise<{ status: number; body: T }>,
): Promise<T> {
  const { customerId } = request.auth;
  const key = idempotencyKeyOf(request.headers);
  return answered(reply, await idempotency.run(customerId, key, fingerprintOf(request), execute));
}

/**
 * As `idempotent`, for a request whose whole work is one transaction that starts with
 * `steps.claim` (IdempotencyService.runClaimingInTransaction): the key is claimed inside it.
 */
export async function idempotentInTransaction<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  idempotency: IdempotencyService,
  execute: (steps: IdempotentSteps) => Promise<{ status: number; body: T }>,
): Promise<T> {
  const { customerId } = request.auth;
  const key = idempotencyKeyOf(request.headers);
  const fingerprint = fingerprintOf(request);
  return answered(
    reply,
    await idempotency.runClaimingInTransaction(customerId, key, fingerprint, execute),
  );
}

/**
 * The route's pattern with its path parameters filled in, not the URL: a query string or an
 * encoding does not make another request, but another resource in the path does (the same key
 * on another beneficiary's POST is a conflict, never a replay of the first answer).
 */
function fingerprintOf(request: FastifyRequest): string {
  return boundFingerprint(
    request,
    requestFingerprint(request.method, resolvedPath(request), request.body),
  );
}

function answered<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  void reply.code(result.status);
  return result.body;
}

/**
 * A client bound to accounts (lib/owner.ts) replays only what was answered under the same
 * binding: the key is the customer's, and an answer recorded for an unbound client may show an
 * account this one must not see. The same key and body under another binding is 422
 * IDEMPOTENCY_CONFLICT, never that answer. An unbound request keeps the fingerprint it always had.
 */
function boundFingerprint(request: FastifyRequest, fingerprint: string): string {
  const { accounts } = request.auth;
  return accounts === undefined
    ? fingerprint
    : `${fingerprint}\nbound:${[...accounts].sort().join(',')}`;
}

/** `/v1/beneficiaries/:beneficiaryId/…` with the request's parameter values. */
function resolvedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return request.url;
  // Path parameters are always strings (Fastify's router gives nothing else).
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
