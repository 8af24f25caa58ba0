/** Types of openapi-types.mjs, for the drift test (TypeScript does not read the .mjs itself). */
export declare const GENERATED_PATH: string;
export declare function serverOpenApiDocument(
  server: {
    loadConfig: (env: Record<string, string | undefined>) => unknown;
    createDb: (config: never) => { db: unknown; destroy(): Promise<void> };
    migrateToLatest: (db: never) => Promise<unknown>;
    loadKeys: (db: never, config: never, now: number) => Promise<unknown>;
    buildApp: (deps: never) => Promise<{
      ready(): PromiseLike<unknown>;
      swagger(): unknown;
      close(): PromiseLike<unknown>;
    }>;
    systemClock: { now(): number };
  },
  env?: Record<string, string>,
): Promise<Record<string, unknown>>;
export declare function renderOpenApiTypes(
  document: Record<string, unknown>,
  options?: { banner?: string },
): Promise<string>;
