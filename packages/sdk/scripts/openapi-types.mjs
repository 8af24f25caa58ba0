// @ts-check
/**
 * Generates the SDK's request and response types from the server's own OpenAPI document, so
 * they are written once (in the server's TypeBox schemas). Used by `npm run sdk:generate` (with
 * the built server) and by the drift test (with the server's sources), hence the server module
 * is passed in rather than imported here. No network: the app is built in memory on an
 * in-memory SQLite database and asked for its document.
 */
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

/** Where the generated types are committed. */
export const GENERATED_PATH = fileURLToPath(
  new URL('../src/generated/openapi-types.ts', import.meta.url),
);

const BANNER = `/**
 * Generated from the server's /openapi.json by \`npm run sdk:generate\`; do not edit by hand.
 * A test (packages/sdk/test/openapi-types.drift.test.ts) fails when this file and the server
 * disagree.
 */
`;

/**
 * The server's OpenAPI document, from an app built with a fixed test configuration (so the
 * document does not depend on the machine's environment variables).
 *
 * @param {{
 *   loadConfig: (env: Record<string, string | undefined>) => any;
 *   createDb: (config: any) => { db: any; destroy(): Promise<void> };
 *   migrateToLatest: (db: any) => Promise<unknown>;
 *   loadKeys: (db: any, config: any, now: number) => Promise<any>;
 *   buildApp: (deps: any) => Promise<{ ready(): Promise<unknown>; swagger(): unknown; close(): Promise<unknown> }>;
 *   systemClock: { now(): number };
 * }} server
 * @param {Record<string, string>} [env] More configuration, e.g. `COFRE_ADMIN_TOKEN` for the
 *   document with the back-office's routes (the console's admin types); none for the SDK's.
 * @returns {Promise<Record<string, unknown>>}
 */
export async function serverOpenApiDocument(server, env = {}) {
  const config = server.loadConfig({
    COFRE_ENVIRONMENT: 'sandbox',
    COFRE_DATABASE_URL: ':memory:',
    COFRE_LOG_LEVEL: 'silent',
    ...env,
  });
  const handle = server.createDb(config.database);
  try {
    await server.migrateToLatest(handle.db);
    const keys = await server.loadKeys(handle.db, config, server.systemClock.now());
    const app = await server.buildApp({
      config,
      db: handle.db,
      engine: 'sqlite',
      clock: server.systemClock,
      keys,
      logger: false,
    });
    try {
      await app.ready();
      // A deep copy: the generator must not see (or change) the app's live object.
      return JSON.parse(JSON.stringify(app.swagger()));
    } finally {
      await app.close();
    }
  } finally {
    await handle.destroy();
  }
}

/**
 * The TypeScript module for a document: openapi-typescript's output, formatted with the
 * repository's Prettier settings so the committed file passes `prettier --check`.
 *
 * @param {Record<string, unknown>} document
 * @param {{ banner?: string }} [options] The comment the file starts with (default: the SDK's).
 * @returns {Promise<string>}
 */
export async function renderOpenApiTypes(document, options = {}) {
  const ast = await openapiTS(/** @type {any} */ (document), {
    // `undefined` is not a value the server sends; optional members are just optional.
    exactOptionalPropertyTypes: false,
  });
  // A body whose exactly-one-of rule is a `oneOf` of `required` lists (quotes, PIX payments)
  // comes out as `{…} & (unknown | unknown)`: the same type, but lint rightly calls it redundant.
  const source =
    (options.banner ?? BANNER) + astToString(ast).replace(/ & \(unknown(?: \| unknown)+\)/g, '');
  const prettierOptions = (await prettier.resolveConfig(GENERATED_PATH)) ?? {};
  return prettier.format(source, { ...prettierOptions, parser: 'typescript' });
}
