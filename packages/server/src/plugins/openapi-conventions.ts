import type { FastifyInstance, RouteOptions } from 'fastify';
import { requiredScopeOf } from './route-scope.js';
import { problemResponses } from './problem.schema.js';

/**
 * What the OpenAPI document says about every operation without each route file saying it: its
 * `operationId`, its tag, and the error statuses every route of its kind can answer. One
 * onRoute hook, so a route added later (by any module) is covered without remembering to; a
 * route that states any of these itself keeps its own. docs/api.md "The OpenAPI document".
 */

/**
 * Where the naming rule (operationIdFor) gives a poor name. Keyed by `METHOD /openapi/path`;
 * an entry for a route that does not exist is harmless. Once published, an operationId is part
 * of the contract (generated SDKs name their methods after it): change one only on purpose.
 */
export const OPERATION_ID_OVERRIDES: Readonly<Record<string, string>> = {
  'POST /v1/oauth/client/token': 'createAccessToken',
  'GET /.well-known/jwks.json': 'getJwks',
  'GET /.well-known/oauth-authorization-server': 'getAuthorizationServerMetadata',
  'GET /v1/events/types': 'listEventTypes',
  'POST /v1/operations/deposit': 'createDeposit',
  'POST /v1/operations/withdrawal': 'createWithdrawal',
  'POST /v1/operations/swap': 'createSwap',
  'POST /v1/operations/order': 'createOrder',
  'POST /v1/operations/pixPayment': 'createPixPayment',
  'GET /v1/accounts/{accountId}/fundingInstructions': 'listFundingInstructions',
  'GET /v1/subscriptions/{subscriptionId}/executionLogs': 'listExecutionLogs',
  'GET /v1/subscriptions/{subscriptionId}/executionLogs/{logId}': 'getExecutionLog',
  'POST /v1/subscriptions/{subscriptionId}/executionLogs/{logId}/resend': 'resendExecutionLog',
  'POST /v1/subscriptions/{subscriptionId}/recover': 'recoverSubscriptionMessages',
  'GET /admin/v1/auditLog': 'adminListAuditLog',
  'GET /admin/v1/jobs/stats': 'adminGetJobStats',
  'DELETE /v1/beneficiaries/{beneficiaryId}/paymentInstructions/{instructionId}':
    'deletePaymentInstruction',
  'POST /v1/beneficiaries/{beneficiaryId}/paymentInstructions': 'createPaymentInstruction',
};

/** The tag of a route that names none, by the first path segment after `/v1`. */
const TAG_BY_SEGMENT: Readonly<Record<string, string>> = {
  oauth: 'auth',
  '.well-known': 'auth',
  accounts: 'accounts',
  beneficiaries: 'beneficiaries',
  operations: 'operations',
  rates: 'quotes',
  quotes: 'quotes',
  pix: 'pix',
  subscriptions: 'subscriptions',
  events: 'events',
  listen: 'listen',
};

/** Every tag the document declares, with its description (OpenAPI `tags`). */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  auth: 'Client-credentials tokens, the keys that verify them, the authorization server metadata',
  accounts: 'Accounts, their assets, balances, statements and funding instructions',
  beneficiaries: 'Beneficiaries and their payment instructions (PIX keys, bank accounts, wallets)',
  operations: 'Money movements: deposits, withdrawals, swaps, orders and PIX payments',
  quotes: 'Indicative rates and firm quotes for conversions',
  pix: 'PIX key lookups',
  subscriptions: 'Webhook subscriptions, their signing secrets and the event catalog',
  'execution logs': 'Delivery attempts, resend and recover',
  events: 'The events feed: catch up on what happened without depending on deliveries',
  listen: 'A stream of deliveries for `cofre listen` (local development)',
  webhooks: 'What cofre sends to a subscription (docs/webhooks.md)',
};

/** What each standard error status means, as the document describes it. */
const STANDARD_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md).',
  401: 'The access token is missing, not valid or expired.',
  404: 'No such resource for this customer (RESOURCE_NOT_FOUND).',
  409: 'A request with this Idempotency-Key is still in progress, or the resource is in a state that does not allow this.',
  413: 'The request body is larger than this endpoint accepts.',
  414: 'A path parameter is longer than any identifier of this API (URI_TOO_LONG).',
  415: 'The body is not application/json, or its Content-Encoding is not supported.',
  422: 'The Idempotency-Key was used with another request, or a business rule refused it.',
  429: 'Too many requests for this client; retry after `Retry-After` seconds (RATE_LIMITED).',
  503: 'The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds.',
};

/** The header a 429 or 503 carries (lib/errors.ts rateLimited, plugins/errors.ts, draining). */
const RETRY_AFTER = {
  'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before retrying.' },
};

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** `/v1/accounts/:accountId` → `/v1/accounts/{accountId}` (the document's form). */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':');
const words = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
const noun = (segment: string) => words(segment).join('');
const isPlural = (segment: string) => /[^s]s$/.test(segment) && !/status$/i.test(segment);
function singular(segment: string): string {
  if (/ies$/.test(segment)) return `${segment.slice(0, -3)}y`;
  if (isPlural(segment)) return segment.slice(0, -1);
  return segment;
}

/**
 * The operationId a route gets unless it names its own or OPERATION_ID_OVERRIDES does: a verb
 * (list/get/create/update/delete, or the action a POST ends in) and the path's nouns, each in
 * the singular when an id follows it. `GET /v1/accounts` → `listAccounts`,
 * `GET /v1/accounts/{accountId}/balances` → `listAccountBalances`,
 * `POST /v1/operations/{operationId}/cancel` → `cancelOperation`; `/admin/v1` routes start with
 * `admin`.
 */
export function operationIdFor(method: string, path: string): string {
  const override = OPERATION_ID_OVERRIDES[`${method} ${openApiPath(path)}`];
  if (override) return override;
  const segments = path.split('/').filter(Boolean);
  const admin = segments[0] === 'admin';
  if (admin) segments.shift();
  if (segments[0] === 'v1') segments.shift();
  const last = segments.at(-1) ?? '';
  const endsWithId = isParam(last);
  let verb: string;
  let action: string | undefined;
  let tail = '';
  if (method === 'GET') verb = endsWithId || !isPlural(last) ? 'get' : 'list';
  else if (method === 'PATCH' || method === 'PUT') verb = 'update';
  else if (method === 'DELETE') verb = 'delete';
  else if (endsWithId || isPlural(last)) verb = 'create';
  else {
    // A POST to a singular word is an action on what precedes it (`…/{id}/cancel`); in a
    // compound action the first word is the verb and the rest follow the nouns
    // (`/clients/{id}/rotateSecret` → rotateClientSecret).
    const [first = '', ...rest] = words(last.replace(/([a-z0-9])([A-Z])/g, '$1 $2'));
    verb = first.toLowerCase();
    action = last;
    tail = rest.join('');
  }
  const statics = segments.filter((s, i) => !isParam(s) && !(action && i === segments.length - 1));
  const nouns = statics.map((segment, i) => {
    const isLast = i === statics.length - 1;
    // The last noun stays plural on a list; everything else names one thing.
    return noun(isLast && verb === 'list' ? segment : singular(segment));
  });
  const id = `${verb}${nouns.join('')}${tail}`;
  return admin ? `admin${id[0]!.toUpperCase()}${id.slice(1)}` : id;
}

/**
 * A summary for a route that gives none: the first sentence of its description when short,
 * else its operationId in words (`adminGetCustomer` → `Admin get customer`).
 */
export function summaryOf(description: string | undefined, operationId: string): string {
  const sentence = description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '');
  if (sentence && sentence.length <= 80) return sentence;
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}

/** The tag for a path that names none: by its first segment (or `admin`). */
export function tagFor(path: string, adminTag: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'admin') return adminTag;
  const first = segments[0] === 'v1' ? segments[1] : segments[0];
  return TAG_BY_SEGMENT[first ?? ''] ?? first ?? 'default';
}

interface RouteSchema {
  hide?: boolean;
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  headers?: { properties?: Record<string, unknown> };
  response?: Record<string, unknown>;
}

/** The error statuses a route of this kind can answer, whatever its handler does. */
export function standardStatuses(method: string, path: string, schema: RouteSchema): number[] {
  const statuses = [400, 503]; // strict query / malformed request; shutting down, database down
  const secured = schema.security === undefined || schema.security.length > 0;
  if (secured) statuses.push(401);
  // A route that names a scope answers 403 to a token without it (plugins/auth.ts).
  if (requiredScopeOf(schema) !== undefined) statuses.push(403);
  // /v1 routes behind a customer token share the per-client limiter (plugins/auth.ts).
  if (secured && path.startsWith('/v1/')) statuses.push(429);
  if (/[:{]/.test(path)) statuses.push(404, 414);
  if (BODY_METHODS.includes(method)) statuses.push(413, 415);
  const headers = schema.headers?.properties ?? {};
  if ('Idempotency-Key' in headers) statuses.push(409, 422);
  return statuses.sort((a, b) => a - b);
}

/**
 * Adds the operationId, the tag and the standard error responses to every route registered
 * after it (so before any route). `adminTag` names the back-office's tag. The ids must be unique:
 * a collision fails at startup, not in a generated client.
 */
export function registerOpenApiConventions(
  app: FastifyInstance,
  adminTag: string,
): ReadonlySet<string> {
  const seen = new Map<string, string>();
  // Operations whose body is Type.Optional: @fastify/swagger marks every body required, so the
  // document's transform clears `requestBody.required` for these (markOptionalBodies).
  const optionalBodies = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as Method[];
    const method = methods.find((m) => m !== 'HEAD');
    const schema = (route.schema ?? {}) as RouteSchema;
    if (method === undefined || schema.hide) return;
    const path = openApiPath(route.url);
    const operationId = schema.operationId ?? operationIdFor(method, path);
    const where = `${method} ${path}`;
    const taken = seen.get(operationId);
    if (taken !== undefined && taken !== where) {
      throw new Error(`operationId ${operationId} of ${where} is already ${taken}'s`);
    }
    seen.set(operationId, where);
    const body = (schema as { body?: Record<symbol, unknown> }).body;
    if (body !== undefined && body[Symbol.for('TypeBox.Optional')] === 'Optional') {
      optionalBodies.add(operationId);
    }
    const response = { ...(schema.response ?? {}) };
    for (const status of standardStatuses(method, path, schema)) {
      if (response[status] !== undefined || response[String(status)] !== undefined) continue;
      response[status] = {
        ...problemResponses(status)[status],
        description: STANDARD_DESCRIPTIONS[status] ?? 'Problem (RFC 9457)',
      };
    }
    // Every 429 and 503 carries Retry-After (lib/errors.ts rateLimited, plugins/errors.ts).
    for (const status of ['429', '503']) {
      const entry = response[status] as Record<string, unknown> | undefined;
      if (entry !== undefined && entry.headers === undefined) {
        response[status] = { ...entry, headers: RETRY_AFTER };
      }
    }
    route.schema = {
      ...schema,
      summary: schema.summary ?? summaryOf(schema.description, operationId),
      operationId,
      tags: schema.tags ?? [tagFor(path, adminTag)],
      response,
    } as RouteOptions['schema'];
  });
  return optionalBodies;
}

/** Clears `requestBody.required` on the operations named (see registerOpenApiConventions). */
export function markOptionalBodies(
  document: Record<string, unknown>,
  optional: ReadonlySet<string>,
): void {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const op = operation as { operationId?: string; requestBody?: { required?: boolean } };
      if (op.operationId !== undefined && optional.has(op.operationId) && op.requestBody) {
        op.requestBody.required = false;
      }
    }
  }
}
