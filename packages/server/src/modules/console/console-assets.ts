import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where the built console is: the `dist/` of the `@cofre/console` workspace package, built by
 * `npm ci` / `npm run build` (Vite). undefined when the package or its build is missing — the
 * server then answers /console with a 503 that says how to build it, and serves the API as usual.
 */
export function consoleAssetsDir(): string | undefined {
  let packageJson: string;
  try {
    packageJson = createRequire(import.meta.url).resolve('@cofre/console/package.json');
  } catch {
    return undefined;
  }
  const dist = join(dirname(packageJson), 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : undefined;
}
