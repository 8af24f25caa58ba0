import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV } from '../helpers/admin.js';
import { withRouteTable, type RegisteredRoute } from '../helpers/route-table.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Every request schema a route validates with, by part (body per content type, query, path, headers). */
function requestSchemas(route: RegisteredRoute): [string, object][] {
  const schema = (route.options.schema ?? {}) as Record<string, object | undefined>;
  const body = schema.body as { content?: Record<string, { schema?: object }> } | undefined;
  const bodies: [string, object][] = body?.content
    ? Object.entries(body.content).flatMap(([type, media]) =>
        media.schema ? [[`body(${type})`, media.schema] as [string, object]] : [],
      )
    : body
      ? [['body', body]]
      : [];
  const parts = (['querystring', 'params', 'headers'] as const).flatMap((part) => {
    const declared = schema[part];
    return declared ? [[part, declared] as [string, object]] : [];
  });
  return [...bodies, ...parts];
}

// The server's Ajv does not check schemas against the JSON Schema meta-schema (compiling the
// meta-schema was a tenth of start-up: plugins/validation.ts), so this test does, for every
// schema it would validate with.
describe('the schemas the server validates requests with', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  const ajv = addFormats(new Ajv({ strict: false, keywords: ['example'], discriminator: true }));

  beforeAll(async () => {
    // With the back-office enabled, so its routes are registered too.
    ({ built: t, routes } = await withRouteTable(() =>
      createTestApp('sqlite', { env: ADMIN_ENV }),
    ));
  });
  afterAll(() => t.close());

  it('are all valid JSON Schemas, the shared ones and every route part', () => {
    const invalid: string[] = [];
    const check = (where: string, schema: object) => {
      if (!ajv.validateSchema(schema)) invalid.push(`${where}: ${ajv.errorsText()}`);
    };
    const shared = Object.entries(t.app.getSchemas() as Record<string, object>);
    for (const [id, schema] of shared) check(id, schema);
    for (const route of routes) {
      for (const [part, schema] of requestSchemas(route)) {
        check(`${route.method} ${route.path} ${part}`, schema);
      }
    }
    expect(shared.length).toBeGreaterThan(10);
    expect(routes.length).toBeGreaterThan(100);
    expect(invalid).toEqual([]);
  });

  it('catches a schema that is not one', () => {
    expect(ajv.validateSchema({ type: 'strng' })).toBe(false);
  });
});
