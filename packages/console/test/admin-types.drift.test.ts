import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as server from '../../server/src/index.js';
import { ADMIN_GENERATED_PATH, renderAdminTypes } from '../scripts/admin-openapi-types.mjs';

describe('generated admin API types', () => {
  it('match what the server documents today (run `npm run console:admin-types` when this fails)', async () => {
    const expected = await renderAdminTypes(server);
    const committed = readFileSync(ADMIN_GENERATED_PATH, 'utf8');
    expect(committed, 'packages/console/src/generated/admin-openapi.ts is stale').toBe(expected);
  });
});
