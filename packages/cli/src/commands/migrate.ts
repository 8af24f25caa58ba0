import { createDb, migrateToLatest, type Config } from '@cofre/server';
import type { CliIo } from '../cli.js';

export async function migrate(config: Config, io: CliIo): Promise<number> {
  const handle = createDb(config.database, { maintenance: true });
  try {
    const { applied } = await migrateToLatest(handle.db);
    io.out(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
    return 0;
  } finally {
    await handle.destroy();
  }
}
