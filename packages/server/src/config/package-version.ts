import { readFileSync } from 'node:fs';

/** The server package's version (package.json): the OpenAPI `info.version`, the console footer. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
