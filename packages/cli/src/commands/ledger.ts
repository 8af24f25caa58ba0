import type { Command } from 'commander';
import {
  createDb,
  migrateToLatest,
  verifyLedger,
  type Config,
  type LedgerDifference,
} from '@cofre/server';
import type { CliIo } from '../cli.js';

/**
 * `cofre ledger verify [--json]`: recomputes every balance from the ledger's entries, checks
 * every journal sums to zero per asset and every pending balance equals its open holds. Exits 0
 * when clean, 1 on any difference (so it can gate a deploy or page someone). Registered from
 * cli.ts.
 */
export function ledgerCommands(
  program: Command,
  config: () => Config,
  io: CliIo,
  exit: (code: number) => void,
): void {
  const ledger = program.command('ledger').description('check the money ledger');
  ledger
    .command('verify')
    .description(
      'recompute balances from entries and check journals and holds; exit 1 on any difference',
    )
    .option('--json', 'print {clean, differences} as JSON')
    .action(async (opts: { json?: boolean }) => {
      exit(await ledgerVerify(config(), io, opts));
    });
}

export async function ledgerVerify(
  config: Config,
  io: CliIo,
  opts: { json?: boolean },
): Promise<number> {
  const handle = createDb(config.database, { maintenance: true });
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const differences = await verifyLedger(handle.db);
    if (opts.json) {
      // Minor units are bigints: written as decimal strings, exact (JSON numbers stop at 2^53).
      const json = JSON.stringify({ clean: differences.length === 0, differences }, (_k, v) =>
        typeof v === 'bigint' ? v.toString() : (v as unknown),
      );
      io.out(json);
    } else if (differences.length === 0) io.out('ledger clean: every balance matches its entries');
    else {
      for (const d of differences) io.out(describe(d));
      io.out(`${differences.length} difference(s)`);
    }
    return differences.length === 0 ? 0 : 1;
  } finally {
    await handle.destroy();
  }
}

function describe(d: LedgerDifference): string {
  switch (d.kind) {
    case 'BALANCE_MISMATCH':
      return `BALANCE_MISMATCH  ${d.accountId}  ${d.asset}  ${d.bucket}  stored=${d.stored}  fromEntries=${d.fromEntries}`;
    case 'UNBALANCED_JOURNAL':
      return `UNBALANCED_JOURNAL  ${d.journalId}  ${d.asset}  credits-debits=${d.difference}`;
    case 'HOLDS_MISMATCH':
      return `HOLDS_MISMATCH  ${d.accountId}  ${d.asset}  pending=${d.pending}  held=${d.held}`;
  }
}
