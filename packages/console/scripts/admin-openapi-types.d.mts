/** Types of admin-openapi-types.mjs, for the drift test (TypeScript does not read the .mjs itself). */
import type { serverOpenApiDocument } from '../../sdk/scripts/openapi-types.mjs';

export declare const ADMIN_GENERATED_PATH: string;
export declare function renderAdminTypes(
  server: Parameters<typeof serverOpenApiDocument>[0],
): Promise<string>;
