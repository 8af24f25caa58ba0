import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import { consoleAssetsDir } from './modules/console/index.js';

/** Where the web console is, or why there is none (docs/console.md). */
export type ConsoleState =
  { kind: 'served'; url: string } | { kind: 'off' } | { kind: 'not-built' };

/** The console of a server listening at `url`, as app.ts serves it (or does not). */
export function consoleState(config: Config, url: string): ConsoleState {
  if (!config.console) return { kind: 'off' };
  return consoleAssetsDir() === undefined
    ? { kind: 'not-built' }
    : { kind: 'served', url: `${url}/console/` };
}

function consoleNote(state: ConsoleState): string {
  switch (state.kind) {
    case 'served':
      return `Console: ${state.url}`;
    case 'off':
      return 'Console: off (COFRE_CONSOLE=false)';
    case 'not-built':
      return 'Console: not built (npm run build)';
  }
}

/**
 * One line on every start of a process that listens, not only the first (whose demo client's
 * block on stderr shows the docs' address once): where the console and the API docs are, and
 * whether the back-office exists — what a person opening a browser needs, and the first thing to
 * check when /admin/v1 answers 404. Structured too (`console`, `docs`, `backOffice`), for a
 * collector.
 */
export function logWhereToGo(logger: FastifyBaseLogger, config: Config, url: string): void {
  const web = consoleState(config, url);
  const backOffice = config.adminToken !== undefined;
  const notes = [
    consoleNote(web),
    `API docs: ${url}/docs`,
    backOffice
      ? 'back-office: on (/admin/v1, COFRE_ADMIN_TOKEN)'
      : 'back-office: off (set COFRE_ADMIN_TOKEN to turn it on: docs/admin.md)',
  ];
  logger.info(
    {
      console: web.kind === 'served' ? web.url : web.kind,
      docs: `${url}/docs`,
      backOffice,
    },
    notes.join(' · '),
  );
}

/**
 * Production whose token signing key or cursor secret is not configured runs on keys generated
 * at its first start and kept in the database (modules/keys): anyone who can read that table
 * can mint tokens, and the keys live and die with the database. Allowed (a first deployment
 * works), but said on every start, so it is a decision and not an accident (docs/config.md).
 */
export function warnOnGeneratedKeys(logger: FastifyBaseLogger, config: Config): void {
  if (config.environment !== 'production') return;
  const missing = [
    ...(config.tokens.signingKeyPem === undefined ? ['COFRE_TOKEN_SIGNING_KEY'] : []),
    ...(config.cursorSecret === undefined ? ['COFRE_CURSOR_SECRET'] : []),
  ];
  if (missing.length === 0) return;
  logger.warn(
    { missing },
    `Production without ${missing.join(' and ')}: using keys generated at the first start and kept in the database (signing_keys); supply them from a secret store (docs/config.md)`,
  );
}
