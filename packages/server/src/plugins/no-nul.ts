import type { FastifyInstance } from 'fastify';
import { invalidData, type FieldError } from '../lib/errors.js';
import { UNSTORABLE } from '../lib/storable-text.js';
import { preValidationStep } from '../lib/request-pipeline.js';

/**
 * Whether `value` holds an unstorable character anywhere, keys included: the check every request
 * pays, with no pointer built (a request that holds none, nearly all, never builds one).
 */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsUnstorable(item)) return true;
    return false;
  }
  for (const key in value) {
    if (UNSTORABLE.test(key) || holdsUnstorable((value as Record<string, unknown>)[key])) {
      return true;
    }
  }
  return false;
}

/** Where the first unstorable character sits in `value` (a JSON Pointer, RFC 6901), if anywhere. */
export function nulPointer(value: unknown, pointer = ''): string | undefined {
  if (pointer === '' && !holdsUnstorable(value)) return undefined;
  if (typeof value === 'string') return UNSTORABLE.test(value) ? pointer : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPointer(item, `${pointer}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const escaped = key.replaceAll('~', '~0').replaceAll('/', '~1');
      if (UNSTORABLE.test(key)) return `${pointer}/${escaped}`;
      const found = nulPointer(item, `${pointer}/${escaped}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * Refuses a NUL character (U+0000) or an unpaired surrogate anywhere in the path parameters, query string or JSON body
 * with 400, before validation. No field of this API can hold one, PostgreSQL text cannot store
 * one (it would fail the query: a 500), and SQLite would store what PostgreSQL refuses — so both
 * engines answer the same, on every route, present and future.
 */
export function registerNoNul(app: FastifyInstance): void {
  preValidationStep(app, (request) => {
    for (const [part, location] of PARTS) {
      const pointer = nulPointer(request[part]);
      if (pointer === undefined) continue;
      const error: FieldError = {
        pointer: pointer.slice(0, 200),
        in: location,
        code: 'INVALID_CHARACTER',
        detail: `${pointer.slice(1, 65) || 'value'} contains a NUL character (U+0000) or an unpaired UTF-16 surrogate, which no field accepts.`,
      };
      return invalidData([error]);
    }
    return undefined;
  });
}
