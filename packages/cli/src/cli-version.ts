import { readFileSync } from 'node:fs';

/**
 * The CLI package's version (packages/cli/package.json), read where the code runs from — the
 * same relative path from src/ and dist/ — so `cofre --version` says which checkout answers,
 * not what some registry holds.
 */
export const CLI_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
