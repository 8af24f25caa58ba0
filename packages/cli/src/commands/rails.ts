import type { Command } from 'commander';
import {
  createDb,
  latestReconciliation,
  migrateToLatest,
  operatorRails,
  systemClock,
  type AssetReconciliation,
  type Config,
  type RailHealth,
  type RailReconciliation,
} from '@cofre/server';
import type { CliIo } from '../cli.js';

/**
 * `cofre rails reconcile [--json]` and `cofre rails status [--json]` (docs/rails.md
 * "Reconciliation", "Health"): the configured rails, reached with the server's configuration
 * and database, as `cofre ledger verify` is. Registered from cli.ts.
 */
export function railsCommands(
  program: Command,
  config: () => Config,
  io: CliIo,
  exit: (code: number) => void,
): void {
  const rails = program.command('rails').description("the rails' health and reconciliation");
  rails
    .command('reconcile')
    .description(
      'compare what the ledger owes with the tokens on chain now, store and print the report; exit 0 when every difference is zero, 1 on a difference, 2 when it could not compare',
    )
    .option('--json', 'print the reports as a JSON array')
    .action(async (opts: { json?: boolean }) => {
      exit(await railsReconcile(config(), io, opts));
    });
  rails
    .command('status')
    .description(
      "each rail's state, lag, payouts waiting and newest reconciliation (exit 1 when a rail is not ok)",
    )
    .option('--json', 'print a JSON array')
    .action(async (opts: { json?: boolean }) => {
      exit(await railsStatus(config(), io, opts));
    });
}

/** Runs with the configured rails, or answers 2 when none is configured. */
async function withRails(
  config: Config,
  io: CliIo,
  run: (found: ReturnType<typeof operatorRails>) => Promise<number>,
): Promise<number> {
  const handle = createDb(config.database, { maintenance: true });
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const found = operatorRails(config, handle, systemClock);
    if (found.rails.length === 0) {
      io.err('cofre: no rail is configured (docs/rails.md: COFRE_EVM_RPC_URL and the rest)');
      return 2;
    }
    return await run(found);
  } finally {
    await handle.destroy();
  }
}

export function railsReconcile(
  config: Config,
  io: CliIo,
  opts: { json?: boolean },
): Promise<number> {
  return withRails(config, io, async ({ rails, deps }) => {
    const reports: RailReconciliation[] = [];
    for (const rail of rails) reports.push(await rail.reconcile(deps));
    if (opts.json) io.out(JSON.stringify(reports));
    else for (const report of reports) for (const line of describe(report)) io.out(line);
    if (reports.some((r) => r.outcome === 'DIFFERENT')) return 1;
    return reports.some((r) => r.outcome === 'NOT_COMPARED') ? 2 : 0;
  });
}

export function railsStatus(config: Config, io: CliIo, opts: { json?: boolean }): Promise<number> {
  return withRails(config, io, async ({ rails, deps }) => {
    const views: (RailHealth & { reconciliation: RailReconciliation | null })[] = [];
    for (const rail of rails) {
      const health = await rail.health(deps.db);
      const reconciliation = (await latestReconciliation(deps.db, rail.name)) ?? null;
      views.push({ ...health, reconciliation });
    }
    if (opts.json) io.out(JSON.stringify(views));
    else {
      for (const v of views) {
        io.out(
          `${v.rail}  ${v.state}  head=${v.head ?? '-'}  cursor=${v.cursor ?? '-'}  lag=${v.lagBlocks ?? '-'}`,
        );
        io.out(
          `  payouts ${Object.entries(v.payouts)
            .map(([status, n]) => `${status}=${n}`)
            .join(' ')}  waiting ${Object.entries(v.waiting)
            .map(([why, n]) => `${why}=${n}`)
            .join(' ')}`,
        );
        for (const [job, runs] of Object.entries(v.jobs)) {
          if (runs.failures > 0)
            io.out(`  ${job}: ${runs.failures} failure(s), last: ${runs.lastError}`);
        }
        if (v.reconciliation) for (const line of describe(v.reconciliation)) io.out(`  ${line}`);
        else io.out('  no reconciliation yet');
      }
    }
    return views.every((v) => v.state === 'ok') ? 0 : 1;
  });
}

function describe(report: RailReconciliation): string[] {
  const head = `${report.rail}  reconciliation ${report.id}  ${new Date(report.at).toISOString()}  ${report.outcome}`;
  if (report.outcome === 'NOT_COMPARED') return [`${head}: ${report.reason ?? ''}`];
  return [`${head}  at block ${report.block}`, ...report.assets.map(assetLine)];
}

const assetLine = (a: AssetReconciliation) =>
  `  ${a.asset}  held=${a.held.total} (deposit addresses ${a.held.depositAddresses}, hot wallet ${a.held.hotWallet})  expected=${a.expected} (customers ${a.ledger.customers}, arriving ${a.arriving}, leaving ${a.leaving}, unattributed ${a.unattributed})  difference=${a.difference}  house=${a.ledger.house}`;
