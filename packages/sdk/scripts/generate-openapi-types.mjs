// @ts-check
/**
 * `npm run sdk:generate`: writes packages/sdk/src/generated/openapi-types.ts from the built
 * server (run after `tsc -b`, which the npm script does).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as server from '@cofre/server';
import { GENERATED_PATH, renderOpenApiTypes, serverOpenApiDocument } from './openapi-types.mjs';

const text = await renderOpenApiTypes(await serverOpenApiDocument(server));
mkdirSync(dirname(GENERATED_PATH), { recursive: true });
writeFileSync(GENERATED_PATH, text);
console.log(`wrote ${GENERATED_PATH}`);
