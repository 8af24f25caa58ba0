import swagger from '@fastify/swagger';
import { SERVER_VERSION } from '../config/package-version.js';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import {
  markOptionalBodies,
  registerOpenApiConventions,
  TAG_DESCRIPTIONS,
} from './openapi-conventions.js';
import { markDeepObjectQueries } from './openapi-deep-objects.js';
import { declareRateLimitHeaders } from './openapi-rate-limit-headers.js';
import { ALL_SCOPES } from '../lib/scopes.js';

/**
 * The base URL clients call: the origin of the token issuer when it is an http(s) URL (the
 * public address a deployment names), else `/` (the host that served the document).
 */
export function serverUrl(config: Config): string {
  try {
    const url = new URL(config.tokens.issuer);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // Not a URL (the default `urn:cofre:<environment>`): relative to the document.
  }
  return '/';
}

interface DocumentTag {
  name: string;
  description: string;
}

/**
 * Declares exactly the tags the document uses, each with its description: a route tagged with
 * a name nobody declared (a new module) still gets an entry, and no tag is declared unused.
 */
function declaredTags(document: Record<string, unknown>, admin: DocumentTag[]): DocumentTag[] {
  const used = new Set<string>();
  for (const section of ['paths', 'webhooks'] as const) {
    const items = (document[section] ?? {}) as Record<string, Record<string, { tags?: string[] }>>;
    for (const item of Object.values(items)) {
      for (const operation of Object.values(item)) {
        for (const tag of operation.tags ?? []) used.add(tag);
      }
    }
  }
  const known = [
    ...Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    ...admin,
  ];
  const out = known.filter((tag) => used.has(tag.name));
  for (const name of used) {
    if (!out.some((tag) => tag.name === name)) out.push({ name, description: `The ${name} API.` });
  }
  return out;
}

/** The tag of every back-office route, declared only when the admin API is enabled. */
export const ADMIN_TAG = 'Admin (back-office)';

/**
 * OpenAPI 3.1 generated from the route schemas, at /openapi.json, and an interactive page at
 * /docs served from the swagger-ui npm package (no CDN). Register before any route.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  config: Config,
  // The OpenAPI 3.1 `webhooks` section (webhooks/ builds it from the event catalogue); passed in
  // by app.ts so that a cross-cutting plugin never imports a wing.
  webhooks: Record<string, unknown>,
): Promise<void> {
  const admin = config.adminToken !== undefined;
  const optionalBodies = registerOpenApiConventions(app, ADMIN_TAG);
  const adminTags = admin
    ? [
        {
          name: ADMIN_TAG,
          description: 'Operator API under /admin/v1, with the admin token (docs/admin.md)',
        },
      ]
    : [];
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'cofre API',
        // The document's `info.version` follows the package.
        version: SERVER_VERSION,
        description: `Financial-operations API (${config.environment}). Errors are RFC 9457 problem documents.`,
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: serverUrl(config), description: `cofre (${config.environment})` }],
      components: {
        // Plain JSON, like `webhooks` below: checked by the document's own lint and tests.
        securitySchemes: securitySchemes(admin) as never,
      },
      // Either scheme: a pasted token, or one the tool fetched with the client credentials.
      security: [{ bearerAuth: [] }, { clientCredentials: [] }],
      // Completed by transformObject: the tags the operations use, each described.
      tags: [],
      // OpenAPI 3.1 `webhooks`: the deliveries a subscriber receives, one entry per event type.
      // Plain JSON: the plugin's types model a narrower schema dialect than 3.1's JSON Schema.
      webhooks: webhooks as never,
    },
    transformObject: (documentObject) => {
      const document = (
        'openapiObject' in documentObject
          ? documentObject.openapiObject
          : documentObject.swaggerObject
      ) as Record<string, unknown>;
      markOptionalBodies(document, optionalBodies);
      markDeepObjectQueries(document);
      declareRateLimitHeaders(document);
      return { ...document, tags: declaredTags(document, adminTags) };
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  await registerDocsPage(app);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Every scope with what it allows, for the OAuth flow's `scopes` map. */
function scopeDescriptions(): Record<string, string> {
  return Object.fromEntries(
    ALL_SCOPES.map((scope) => {
      const [resource, level] = scope.split(':');
      return [
        scope,
        level === 'read'
          ? `Read ${resource}`
          : `Create, change and act on ${resource} (includes ${resource}:read)`,
      ];
    }),
  );
}

/** The document's security schemes: a pasted token, the client-credentials flow, the admin token. */
function securitySchemes(admin: boolean) {
  return {
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    // The same bearer token, obtained by the tool itself: Swagger UI's Authorize button
    // (and code generators) run the client-credentials grant against the token endpoint.
    // Relative, so it resolves against the server the page is served from. Each operation
    // names the one scope it needs (plugins/route-scope.ts).
    clientCredentials: {
      type: 'oauth2',
      description:
        'Client credentials (RFC 6749 section 4.4): client id and secret in HTTP Basic. A token holds the scopes asked for, within what its client holds (docs/api.md "Restricted clients and scopes").',
      flows: {
        clientCredentials: {
          tokenUrl: '/v1/oauth/client/token',
          scopes: scopeDescriptions(),
        },
      },
    },
    // The back-office exists only with COFRE_ADMIN_TOKEN (docs/admin.md), and so does its
    // part of this document: a server without it advertises no operator surface.
    ...(admin
      ? {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'COFRE_ADMIN_TOKEN; customer tokens are never accepted.',
          },
        }
      : {}),
  };
}

/** /docs: Swagger UI from its npm package, under the plugin's CSP with our one addition. */
async function registerDocsPage(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: allowSwaggerUiStyles,
  });
}

/**
 * The one inline style Swagger UI renders itself: the `<style>` inside the top bar's logo (an
 * SVG component of swagger-ui-standalone-preset.js). The plugin's static CSP hashes none, so
 * Chromium refused it on every load of /docs ("Applying inline style violates … style-src").
 * Allowed by its hash (CSP3 hash-source), never by 'unsafe-inline';
 * test/integration/docs-page.csp.test.ts fails when the served scripts render a style this list
 * does not cover (a Swagger UI upgrade that changes the logo).
 */
export const SWAGGER_UI_STYLE_HASHES = [
  // .logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}
  "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
];

/** The plugin's CSP header with SWAGGER_UI_STYLE_HASHES added to `style-src`. */
export function allowSwaggerUiStyles(header: string): string {
  return header.replace(
    /(^|;\s*)style-src([^;]*)/,
    (_, start: string, sources: string) =>
      `${start}style-src${sources.trimEnd()} ${SWAGGER_UI_STYLE_HASHES.join(' ')}`,
  );
}
