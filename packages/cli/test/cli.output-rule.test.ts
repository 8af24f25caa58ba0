import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { cofreProgram } from '../src/cli.js';
import { cofre } from './helpers/run-cli.js';

/** The commands whose output is the log stream (COFRE_LOG_FORMAT), not a result. */
const LOG_STREAM = ['cofre serve', 'cofre api', 'cofre worker'];

/** Every command that runs (has no subcommands), by its full name. */
function leaves(command: Command, prefix = ''): { name: string; command: Command }[] {
  const name = `${prefix}${command.name()}`;
  if (command.commands.length === 0) return [{ name, command }];
  return command.commands.flatMap((sub) => leaves(sub, `${name} `));
}

/**
 * Issue 27 point 7: one output rule across the CLI — text for a person by default, JSON with
 * `--json` — held for every command there is and every one added later.
 */
describe('the CLI output rule', () => {
  const program = cofreProgram({ out: () => {}, err: () => {}, env: {} }, () => {});

  it('gives every command that prints a result a --json flag', () => {
    const all = leaves(program);
    expect(all.length).toBeGreaterThan(30);
    const without = all
      .filter(({ name }) => !LOG_STREAM.includes(name))
      .filter(({ command }) => !command.options.some((o) => o.long === '--json'))
      .map(({ name }) => name);
    expect(without).toEqual([]);
  });

  it('prints the version from package.json with --version', async () => {
    const { readFileSync } = await import('node:fs');
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = await cofre([flag], {});
      expect(run.code).toBe(0);
      expect(run.out).toEqual([manifest.version]);
    }
  });
});
