import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { unboundedIn } from './unbounded-strings.js';

type Schema = Record<string, unknown>;

/** One method of one registered route, with the schemas it was registered with. */
export interface RegisteredRoute {
  method: string;
  /** The path in the document's form: `/v1/accounts/{accountId}`. */
  path: string;
  options: RouteOptions;
}

/**
 * Builds an app and returns, with it, every route it registered — whether /openapi.json shows
 * it or not. Fastify publishes each new instance on the `fastify.initialization` channel before
 * any plugin runs, so an onRoute hook added there sees every route; its options object is the
 * one later hooks amend (the strict query schema), so it is read when the app is ready.
 */
export async function withRouteTable<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const options: RouteOptions[] = [];
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => void options.push(route));
  };
  subscribe('fastify.initialization', onInstance);
  try {
    const built = await build();
    const routes = options.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method: String(method).toUpperCase(),
        path: route.url.replace(/:(\w+)/g, '{$1}'),
        options: route,
      })),
    );
    return { built, routes };
  } finally {
    unsubscribe('fastify.initialization', onInstance);
  }
}

/** The request schemas a route validates with: body (per content type), query, path, headers. */
function requestSchemas(route: RegisteredRoute): [string, Schema][] {
  const schema = (route.options.schema ?? {}) as Record<string, unknown>;
  const out: [string, Schema][] = [];
  const body = schema.body as Schema | undefined;
  const content = body?.content as Record<string, { schema?: Schema }> | undefined;
  if (content) {
    for (const [type, media] of Object.entries(content)) {
      if (media.schema) out.push([`body(${type})`, media.schema]);
    }
  } else if (body) {
    out.push(['body', body]);
  }
  for (const part of ['querystring', 'params', 'headers'] as const) {
    const declared = schema[part] as Schema | undefined;
    if (declared) out.push([part, declared]);
  }
  return out;
}

/**
 * Every value a route's own request schemas leave unbounded (a string without `maxLength`, a
 * number without `minimum` and `maximum`), as `METHOD /path part pointer`. `resolve` finds a
 * shared schema a `$ref` names.
 */
export function unboundedInRoutes(
  routes: RegisteredRoute[],
  resolve: (ref: string) => Schema | undefined,
): string[] {
  const out = routes.flatMap((route) =>
    requestSchemas(route).flatMap(([part, schema]) =>
      unboundedIn(schema, `${route.method} ${route.path} ${part} `, resolve),
    ),
  );
  return [...new Set(out)];
}
