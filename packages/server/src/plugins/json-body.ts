import type { FastifyInstance } from 'fastify';
import { invalidData, type FieldError } from '../lib/errors.js';
import { preValidationStep } from '../lib/request-pipeline.js';

/**
 * How deep a JSON body may nest. The deepest body of this API is four levels (a subscription's
 * `resources[].events[]`); the code that walks a body (the NUL check, the idempotency
 * fingerprint, the validator) recurses once per level, and a 10 KB `[[[[…` body of 5,000
 * levels exhausted the stack: a 500 on every route.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` (JSON) opens more than `max` arrays or objects inside one another. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

const refused = (error: FieldError) => invalidData([error]);

/**
 * JSON bodies as docs/api.md "General" states them: an empty body with `Content-Type:
 * application/json` is no body (many clients send the header on every POST); a body nests at
 * most MAX_JSON_DEPTH levels; a body is a JSON object (`null`, `[]`, `1`, `"x"`, `true` are
 * refused, also where the body is optional); and a route that takes no body takes at most `{}`
 * (a member there is unknown, like anywhere else). 400 INVALID_DATA pointing at the body.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      const detail = `The body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels.`;
      done(refused({ pointer: '', in: 'body', code: 'INVALID_VALUE', detail }), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  preValidationStep(app, (request) => {
    const body = request.body;
    // No route: the answer is its 404 or 405, whatever the body.
    if (body === undefined || request.is404) return undefined;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      const detail = 'The body must be a JSON object.';
      return refused({ pointer: '', in: 'body', code: 'INVALID_TYPE', detail });
    }
    const [member] = Object.keys(body);
    if (member !== undefined && request.routeOptions.schema?.body === undefined) {
      const name = member.length > 64 ? `${member.slice(0, 64)}…` : member;
      const pointer = `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const detail = `${name} is not a known field: this route takes no body.`;
      return refused({ pointer, in: 'body', code: 'UNKNOWN_FIELD', detail });
    }
    return undefined;
  });
}
