// @ts-check
/**
 * `npm run console:admin-types`: writes packages/console/src/generated/admin-openapi.ts from the
 * built server (run after `tsc -b`, which the npm script does).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as server from '@cofre/server';
import { ADMIN_GENERATED_PATH, renderAdminTypes } from './admin-openapi-types.mjs';

const text = await renderAdminTypes(server);
mkdirSync(dirname(ADMIN_GENERATED_PATH), { recursive: true });
writeFileSync(ADMIN_GENERATED_PATH, text);
console.log(`wrote ${ADMIN_GENERATED_PATH}`);
