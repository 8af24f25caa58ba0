import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  METADATA_FILTER_MAX_PAIRS,
  METADATA_KEY_PATTERN,
  METADATA_MAX_KEY_CHARS,
  METADATA_MAX_VALUE_CHARS,
  type Metadata,
} from './metadata.js';

/**
 * The list filter `?metadata[orderId]=6735&metadata[channel]=web`: items whose metadata has every
 * pair given (AND), at most METADATA_FILTER_MAX_PAIRS of them (more: 400 on `/metadata`). OpenAPI
 * states it as one `metadata` query parameter of type object, style `deepObject`, explode
 * (plugins/openapi-deep-objects.ts), so stock generators serialise a map the same way. Values
 * are compared exactly (case and spaces included).
 */
export const MetadataFilter = Type.Unsafe<Metadata>({
  type: 'object',
  maxProperties: METADATA_FILTER_MAX_PAIRS,
  propertyNames: { minLength: 1, maxLength: METADATA_MAX_KEY_CHARS, pattern: METADATA_KEY_PATTERN },
  additionalProperties: { type: 'string', minLength: 1, maxLength: METADATA_MAX_VALUE_CHARS },
  description: `Only items whose metadata has each of these pairs: \`metadata[key]=value\`, at most ${METADATA_FILTER_MAX_PAIRS} pairs, ANDed. A filtered page may hold fewer items than \`limit\`, even none, and still have a cursor onward (\`meta.nextCursor\`, or \`meta.previousCursor\` going back): follow it to the end (docs/api.md "Metadata").`,
});

/** `metadata: Type.Optional(MetadataFilter)`: the member a list's `ListQuery` adds. */
export const metadataFilterProperty = { metadata: Type.Optional(MetadataFilter) };

const BRACKETED = /^metadata\[(.*)\]$/s;

/**
 * Folds `metadata[key]` query parameters into `query.metadata = {key: value}` before validation.
 * Fastify's query parser keeps `metadata[key]` as a literal name (it knows no brackets); without
 * this the strict query rule would refuse it as unknown. A key given twice (`metadata[a]=1&
 * metadata[a]=2`) arrives as an array and is refused by the schema (a value is one string). A
 * plain `metadata=…` is left alone, for the schema to refuse (it is not an object).
 */
export function foldMetadataQuery(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (query === undefined || query === null || typeof query !== 'object') return;
  let folded: Record<string, unknown> | undefined;
  for (const name of Object.keys(query)) {
    const match = BRACKETED.exec(name);
    if (!match) continue;
    folded ??= Object.create(null) as Record<string, unknown>;
    folded[match[1]!] = query[name];
    delete query[name];
  }
  if (folded === undefined) return;
  if ('metadata' in query) {
    // Both forms at once: keep the plain one so the schema refuses the request.
    return;
  }
  // A plain object again (ajv and the services read it like any other), built by definition so
  // a key named `__proto__` stays a pair.
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(folded)) {
    Object.defineProperty(metadata, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  query.metadata = metadata;
}

/**
 * Every route whose query string declares a `metadata` member gets `foldMetadataQuery` before
 * its validation, without the route remembering to (the operations lists included). An onRoute
 * hook: register before any route.
 */
export function registerMetadataQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    if (query?.properties?.metadata === undefined) return;
    const fold = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      foldMetadataQuery(request);
      done();
    };
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? fold : [fold, ...(Array.isArray(existing) ? existing : [existing])];
  });
}

/**
 * The filter in a canonical form for the cursor binding (lib/pagination.ts `listScope`): the
 * pairs sorted by key, so `metadata[a]=1&metadata[b]=2` and the same pairs in another order are
 * one list, and any other filter is another (its cursors refused). `undefined` when empty.
 */
export function metadataScope(filter: Metadata | undefined): [string, string][] | undefined {
  const pairs = Object.entries(filter ?? {});
  if (pairs.length === 0) return undefined;
  return pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
