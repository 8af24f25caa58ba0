import { vi } from 'vitest';
import { runCli, type CliIo } from '../../src/cli.js';

// In-process runs use the server's sources, the same code the test apps run on, so a stale
// build cannot make the CLI and the app disagree (e.g. on migrations). The e2e test covers
// the built package.
vi.mock('@cofre/server', () => import('../../../server/src/index.js'));

export interface CliRun {
  code: number;
  /** Lines written to stdout, in order. */
  out: string[];
  /** Lines written to stderr, in order. */
  err: string[];
}

/** Runs `cofre <args>` in-process with captured output and exactly the given environment. */
export async function cofre(args: string[], env: CliIo['env']): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['node', 'cofre', ...args], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env,
  });
  return { code, out, err };
}
