// `npm run build -w @cofre/console`: builds the console into dist/ with Vite, unless dist/ is
// already newer than every source file (so `npm start` and `npm test` do not rebuild an
// unchanged console). `--force` always builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const built = join(root, 'dist', 'index.html');
const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'];

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestIn(join(path, name))));
}

const force = process.argv.includes('--force');
const fresh =
  !force &&
  existsSync(built) &&
  statSync(built).mtimeMs >= Math.max(...inputs.map((p) => newestIn(join(root, p))));
if (fresh) {
  console.log('console: dist/ is up to date');
} else {
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  console.log('console: built dist/');
}
