import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The methods each route path answers, so the not-found handler can tell "no such path" (404)
 * from "this path, another method" (405 with `Allow`, RFC 9110 §15.5.6). Fastify has no such
 * answer of its own: a route is found by method and path together. Recorded by an onRoute hook,
 * so every route registered after it (any module, any scope) counts.
 */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  record(url: string, methods: readonly string[]): void {
    let known = this.byUrl.get(url);
    if (!known) {
      known = new Set();
      this.byUrl.set(url, known);
      this.routes.push({ pattern: patternOf(url), methods: known });
    }
    for (const method of methods) known.add(method.toUpperCase());
  }

  /**
   * The methods some route answers at `path` (percent-encoded, without the query), in a stable
   * order; empty when no route has this path. GET implies HEAD (Fastify answers HEAD for it).
   */
  allowedAt(path: string): string[] {
    const out = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const method of route.methods) out.add(method);
    }
    if (out.has('GET')) out.add('HEAD');
    return ORDER.filter((method) => out.has(method));
  }
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** `/v1/accounts/:accountId` → a RegExp matching one non-empty segment for each parameter. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Records the method and path of every route registered after it (so, before any route). */
export function registerRouteMethods(app: FastifyInstance): RouteMethods {
  const table = new RouteMethods();
  app.addHook('onRoute', (route: RouteOptions) => {
    table.record(route.url, Array.isArray(route.method) ? route.method : [route.method]);
  });
  return table;
}
