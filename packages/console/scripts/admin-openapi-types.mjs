// @ts-check
/**
 * The console's types for the back-office API (`/admin/v1`, docs/admin.md), generated from the
 * server's own OpenAPI document the way the SDK's are (packages/sdk/scripts/openapi-types.mjs,
 * reused here): the SDK's document is built without an admin token, so it has no admin route;
 * this one is built with one. Only the `/admin/v1` paths are kept (with every component schema
 * they may refer to), so the customer API's types stay the SDK's, from one source. Used by
 * `npm run console:admin-types` (the built server) and the drift test (the server's sources).
 */
import { fileURLToPath } from 'node:url';
import { renderOpenApiTypes, serverOpenApiDocument } from '../../sdk/scripts/openapi-types.mjs';

/** Where the generated types are committed. */
export const ADMIN_GENERATED_PATH = fileURLToPath(
  new URL('../src/generated/admin-openapi.ts', import.meta.url),
);

const BANNER = `/**
 * The back-office API's types (/admin/v1, docs/admin.md), generated from the server's
 * /openapi.json with the admin API on, by \`npm run console:admin-types\`; do not edit by hand.
 * A test (packages/console/test/admin-types.drift.test.ts) fails when this file and the server
 * disagree.
 */
`;

/** Any value of the right length: the document does not depend on the token, only on its being set. */
const DOCUMENT_ADMIN_TOKEN = 'openapi-types-admin-token-0123456789abcdef';

/**
 * @param {Parameters<typeof serverOpenApiDocument>[0]} server the server module (built or sources)
 * @returns {Promise<string>} the TypeScript module for the admin paths
 */
export async function renderAdminTypes(server) {
  const document = await serverOpenApiDocument(server, { COFRE_ADMIN_TOKEN: DOCUMENT_ADMIN_TOKEN });
  const paths = /** @type {Record<string, unknown>} */ (document.paths);
  // The admin paths, and no `webhooks` section (what cofre sends is the SDK's business).
  const adminOnly = {
    ...document,
    paths: Object.fromEntries(Object.entries(paths).filter(([path]) => path.startsWith('/admin/'))),
    webhooks: undefined,
  };
  return renderOpenApiTypes(adminOnly, { banner: BANNER });
}
