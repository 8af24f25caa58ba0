import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError, notFound } from '../../lib/errors.js';

/**
 * What every console response carries (docs/console.md "Security"): scripts, styles and API
 * calls only from this origin (the bundle has no inline script and nothing from a CDN), never in
 * a frame (clickjacking), no Referer leaving the page, no MIME sniffing.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Hashed bundle files never change under their name: a year, immutable (RFC 8246). */
const ASSET_MAX_AGE = '365d';

export interface ConsoleRouteOptions {
  config: Config;
  /** The built console (consoleAssetsDir()); undefined = not built. */
  dir: string | undefined;
  version: string;
}

/**
 * The web console at /console (docs/console.md): the single-page app's files from the
 * `@cofre/console` build, and /console/config.json, the little it needs to know about this
 * deployment. Every other path under /console/ is the app's own route, so it gets index.html
 * (the app shows its own "not found"). Hidden from the OpenAPI document: not part of the API.
 */
export const consoleRoutes: FastifyPluginAsync<ConsoleRouteOptions> = async (app, opts) => {
  const hide = { schema: { hide: true } };
  // A page of the app reads its own query string (`?accountId=…` on a new deposit, a list's
  // filters): whatever the app's links carry is accepted, bounded, so a reload of such a page
  // is the page, not a 400 from the strict query rule (plugins/validation.ts).
  const page = {
    schema: {
      hide: true,
      querystring: {
        type: 'object',
        propertyNames: { type: 'string', maxLength: 64 },
        patternProperties: { '^[A-Za-z][A-Za-z0-9_.-]*$': { type: 'string', maxLength: 512 } },
        additionalProperties: false,
        maxProperties: 20,
      },
    },
  };
  app.addHook('onSend', async (_request, reply) => {
    void reply.headers(SECURITY_HEADERS);
  });

  app.get('/console', page, async (_request, reply) => reply.redirect('/console/', 308));

  app.get('/console/config.json', hide, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return {
      environment: opts.config.environment,
      adminEnabled: opts.config.adminToken !== undefined,
      version: opts.version,
    };
  });

  const dir = opts.dir;
  if (dir === undefined) {
    app.get('/console/*', page, async () => {
      throw new AppError('SERVICE_UNAVAILABLE', {
        detail:
          'The console is not built. Run `npm run build` (or `npm ci`, which builds it) and restart.',
      });
    });
    return;
  }

  await app.register(fastifyStatic, { root: dir, serve: false });
  const sendIndex = (reply: FastifyReply) =>
    // The page names the current bundle: it must be revalidated on every load.
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });

  // The build's files, listed once: a name that is not one of them is a plain 404.
  const assets = new Set(readdirSync(join(dir, 'assets')));
  app.get<{ Params: { '*': string } }>('/console/assets/*', hide, async (request, reply) => {
    const name = request.params['*'];
    if (!assets.has(name)) throw notFound('Console asset', name);
    return reply.sendFile(`assets/${name}`, { maxAge: ASSET_MAX_AGE, immutable: true });
  });
  app.get<{ Params: { '*': string } }>('/console/*', page, async (request, reply) => {
    const path = request.params['*'];
    // Files at the top of the build (favicon.svg); anything else is a route of the app.
    if (path === 'favicon.svg') return reply.sendFile(path, { maxAge: '1d' });
    return sendIndex(reply);
  });
};
