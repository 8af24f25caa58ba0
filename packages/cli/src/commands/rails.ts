import type { Command } from 'commander';
import {
  createDb,
  latestReconciliation,
  migrateToLatest,
  operatorRails,
  spiDay,
  systemClock,
  type AssetReconciliation,
  type PixDayReport,
  type Config,
  type RailHealth,
  type RailReconciliation,
} from '@cofre/server';
import type { CliIo } from '../cli.js';

/**
 * `cofre rails reconcile [--rail <name>] [--day YYYY-MM-DD] [--json]` and `cofre rails status
 * [--json]` (docs/rails.md "Reconciliation", "PIX: daily report", "Health"): the configured
 * rails, reached with the server's configuration and database, as `cofre ledger verify` is (the
 * PIX rail opens its own connection to the PSP for the report). Registered from cli.ts.
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
      "compare what the ledger records with the outside system, store and print the report: EVM, what the ledger owes against the tokens on chain now; PIX, one day's Pix and refunds at the PSP against the ledger's, differences by endToEndId. Exit 0 when nothing differs, 1 on a difference, 2 when it could not compare",
    )
    .option(
      '--rail <name>',
      'only this rail (its name as `cofre rails status` prints it: pix, evm:ETHEREUM)',
    )
    .option(
      '--day <YYYY-MM-DD>',
      "the PIX rail's day (America/Sao_Paulo, UTC−03:00); default the last complete day. Rails that compare balances now (EVM) have no days and ignore it",
    )
    .option('--json', 'print the reports as a JSON array')
    .action(async (opts: ReconcileOptions) => {
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
  run: (found: Awaited<ReturnType<typeof operatorRails>>) => Promise<number>,
): Promise<number> {
  const handle = createDb(config.database, { maintenance: true });
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const found = await operatorRails(config, handle, systemClock);
    if (found.rails.length === 0) {
      io.err('cofre: no rail is configured (docs/rails.md: COFRE_EVM_RPC_URL and the rest)');
      return 2;
    }
    return await run(found);
  } finally {
    await handle.destroy();
  }
}

interface ReconcileOptions {
  json?: boolean;
  rail?: string;
  day?: string;
}

export function railsReconcile(config: Config, io: CliIo, opts: ReconcileOptions): Promise<number> {
  if (opts.day !== undefined && spiDay(opts.day) === undefined) {
    io.err(`cofre: --day ${opts.day}: not a date (YYYY-MM-DD)`);
    return Promise.resolve(2);
  }
  return withRails(config, io, async ({ rails: configured, deps }) => {
    const rails = configured.filter((r) => opts.rail === undefined || r.name === opts.rail);
    if (rails.length === 0) {
      io.err(
        `cofre: --rail ${opts.rail}: no such rail is configured (configured: ${configured.map((r) => r.name).join(', ')})`,
      );
      return 2;
    }
    const reports: RailReconciliation[] = [];
    for (const rail of rails)
      reports.push(await rail.reconcile(deps, opts.day === undefined ? {} : { day: opts.day }));
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
        if (v.backlog) {
          io.out(
            `  backlog ${Object.entries(v.backlog)
              .map(([what, n]) => `${what}=${n}`)
              .join(' ')}`,
          );
        }
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
  if (report.pix) return [`${head}  day ${report.pix.day}`, ...pixLines(report.pix)];
  return [`${head}  at block ${report.block}`, ...report.assets.map(assetLine)];
}

/** The day's totals, then one line per difference (kind, endToEndId, both amounts, why). */
const pixLines = (p: PixDayReport) => [
  `  BRL  psp: ${p.psp.count} Pix received=${p.psp.received} refunded=${p.psp.refunded}  ledger: ${p.ledger.count} Pix recorded=${p.ledger.recorded} credited=${p.ledger.credited} refunded=${p.ledger.refunded}  difference=${p.difference}`,
  ...p.differences.map(
    (d) =>
      `  ${d.kind}  ${d.endToEndId}${d.devolucaoId ? ` devolucao ${d.devolucaoId}` : ''}  psp=${d.psp ?? '-'}  ledger=${d.ledger ?? '-'}  ${d.detail}`,
  ),
];

const assetLine = (a: AssetReconciliation) =>
  `  ${a.asset}  held=${a.held.total} (deposit addresses ${a.held.depositAddresses}, hot wallet ${a.held.hotWallet})  expected=${a.expected} (customers ${a.ledger.customers}, arriving ${a.arriving}, leaving ${a.leaving}, unattributed ${a.unattributed})  difference=${a.difference}  house=${a.ledger.house}`;
