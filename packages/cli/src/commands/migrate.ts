import type { Command } from 'commander';
import { createDb, migrateToLatest, type Config } from '@cofre/server';
import type { CliIo } from '../cli.js';

/** `cofre migrate`. */
export function migrateCommand(
  program: Command,
  config: () => Config,
  io: CliIo,
  exit: (code: number) => void,
): void {
  program
    .command('migrate')
    .description('bring the database schema up to date')
    .option('--json', 'print {applied: [migration…]} as JSON')
    .action(async (opts: { json?: boolean }) => {
      exit(await migrate(config(), io, opts));
    });
}

export async function migrate(
  config: Config,
  io: CliIo,
  opts: { json?: boolean } = {},
): Promise<number> {
  const handle = createDb(config.database, { maintenance: true });
  try {
    const { applied } = await migrateToLatest(handle.db);
    if (opts.json) io.out(JSON.stringify({ applied }));
    else io.out(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
    return 0;
  } finally {
    await handle.destroy();
  }
}
