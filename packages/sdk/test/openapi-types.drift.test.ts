import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as server from '../../server/src/index.js';
import {
  GENERATED_PATH,
  renderOpenApiTypes,
  serverOpenApiDocument,
} from '../scripts/openapi-types.mjs';

describe('generated OpenAPI types', () => {
  it('match what the server documents today (run `npm run sdk:generate` when this fails)', async () => {
    const expected = await renderOpenApiTypes(await serverOpenApiDocument(server));
    const committed = readFileSync(GENERATED_PATH, 'utf8');
    expect(committed, 'packages/sdk/src/generated/openapi-types.ts is stale').toBe(expected);
  });
});
