import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV } from '../helpers/admin.js';
import { documentedOperations } from '../helpers/openapi-operations.js';
import { unboundedInRoutes, withRouteTable, type RegisteredRoute } from '../helpers/route-table.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The routes /openapi.json leaves out, each for a reason: they take no input but their path (the
 * router bounds every path parameter at 100 characters, docs/api.md "Input limits").
 */
const UNDOCUMENTED = [
  /^(GET|HEAD) \/docs(\/.*)?$/, // Swagger UI and its static files
  /^(GET|HEAD) \/openapi\.json$/,
  /^(GET|HEAD) \/(healthz|readyz|metrics)$/, // operational (docs/operations.md)
  /^(GET|HEAD) \/console(\/.*)?$/, // the web console's files (docs/console.md)
];

// The OpenAPI document's walk (http.string-limits.test.ts) sees what the document shows; this
// one sees every route the app registers, with the schemas it validates with: a route hidden
// from the document, or a schema the document does not render, cannot escape the limits.
describe('every registered route', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    // With the back-office enabled, so its routes are registered too.
    ({ built: t, routes } = await withRouteTable(() =>
      createTestApp('sqlite', { env: ADMIN_ENV }),
    ));
  });
  afterAll(() => t.close());

  const resolve = (ref: string) =>
    (t.app.getSchemas() as Record<string, Record<string, unknown>>)[ref.replace(/#$/, '')];

  it('is documented in /openapi.json, but the few that take no input', async () => {
    const documented = new Set(
      (await documentedOperations(t.app)).map((op) => `${op.method} ${op.path}`),
    );
    expect(routes.length).toBeGreaterThan(documented.size);
    const missing = routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((name) => !documented.has(name) && !/^(HEAD|OPTIONS) /.test(name))
      .filter((name) => !UNDOCUMENTED.some((pattern) => pattern.test(name)));
    expect(missing).toEqual([]);
  });

  it('bounds every string, number, array and map its own request schemas accept', () => {
    const withBody = routes.filter((route) => route.options.schema?.body !== undefined);
    expect(withBody.length).toBeGreaterThan(25);
    expect(unboundedInRoutes(routes, resolve)).toEqual([]);
  });

  it('fails a route hidden from the document whose values are unbounded', async () => {
    // The check above, shown to fail: a route that /openapi.json never shows.
    const { built: app, routes: hidden } = await withRouteTable(async () => {
      const fastify = Fastify();
      fastify.post(
        '/v1/notes/:noteId',
        {
          schema: {
            hide: true,
            params: Type.Object({ noteId: Type.String() }),
            querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }),
            body: Type.Object({
              text: Type.String({ maxLength: 100 }),
              tags: Type.Array(Type.String()),
              labels: Type.Record(Type.String(), Type.String({ maxLength: 10 })),
            }),
          },
        },
        async () => ({}),
      );
      await fastify.ready();
      return fastify;
    });
    try {
      expect(unboundedInRoutes(hidden, () => undefined)).toEqual([
        'POST /v1/notes/{noteId} body /tags (array)',
        'POST /v1/notes/{noteId} body /tags/0',
        'POST /v1/notes/{noteId} body /labels/(key)',
        'POST /v1/notes/{noteId} body /labels (map)',
        'POST /v1/notes/{noteId} querystring /page (integer)',
        'POST /v1/notes/{noteId} params /noteId',
      ]);
    } finally {
      await app.close();
    }
  });
});
