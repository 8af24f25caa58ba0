import { Gauge, type Registry } from 'prom-client';

/** What a rail reports at scrape time (rails/rail-figures.ts builds it from a rail's health). */
export interface RailFigures {
  rail: string;
  lagBlocks: number | null;
  /** False while the rail's jobs fail against the node, or it is on another chain. */
  nodeUp: boolean;
  payouts: Readonly<Record<string, number>>;
  waiting: Readonly<Record<string, number>>;
  /** The newest compared reconciliation's difference per asset, in minor units. */
  differences: readonly { asset: string; minor: number }[];
  /** How many differences it lists (PIX: by endToEndId; EVM: assets); undefined when none compared yet. */
  differenceCount: number | undefined;
  /** Epoch ms of the newest reconciliation that compared; undefined when none did yet. */
  reconciledAt: number | undefined;
}

/** The rails' series, in the scrape's own registry; `set` replaces them all. */
export function railGauges(registers: Registry[]) {
  const gauges = {
    lag: new Gauge({
      name: 'cofre_rail_lag_blocks',
      help: "Blocks between the node's head and the rail watcher's cursor, at the watcher's last run.",
      labelNames: ['rail'] as const,
      registers,
    }),
    nodeUp: new Gauge({
      name: 'cofre_rail_node_up',
      help: "1 while the rail's jobs work against its node; 0 while they fail (down, slow, another chain).",
      labelNames: ['rail'] as const,
      registers,
    }),
    payouts: new Gauge({
      name: 'cofre_rail_payouts',
      help: 'Payouts of the rail by status.',
      labelNames: ['rail', 'status'] as const,
      registers,
    }),
    waiting: new Gauge({
      name: 'cofre_rail_payouts_waiting',
      help: 'Queued payouts that wait for the hot wallet, by why: TOKENS, GAS, NO_KEY.',
      labelNames: ['rail', 'reason'] as const,
      registers,
    }),
    difference: new Gauge({
      name: 'cofre_rail_reconciliation_difference_minor',
      help: 'The newest reconciliation: tokens held on chain minus what the ledger expects there (PIX: the day\'s net at the PSP minus what balances hold of it), in minor units of the asset (docs/rails.md "Reconciliation").',
      labelNames: ['rail', 'asset'] as const,
      registers,
    }),
    differenceCount: new Gauge({
      name: 'cofre_rail_reconciliation_differences',
      help: 'The newest reconciliation that compared: how many differences it lists (PIX: Pix or refunds by endToEndId; EVM: assets whose difference is not zero).',
      labelNames: ['rail'] as const,
      registers,
    }),
    reconciledAt: new Gauge({
      name: 'cofre_rail_reconciliation_timestamp_seconds',
      help: 'When the newest reconciliation that compared ran (unix seconds).',
      labelNames: ['rail'] as const,
      registers,
    }),
  };
  return {
    set(figures: readonly RailFigures[] | undefined): void {
      for (const gauge of Object.values(gauges)) gauge.reset();
      for (const f of figures ?? []) {
        const rail = f.rail;
        if (f.lagBlocks !== null) gauges.lag.set({ rail }, f.lagBlocks);
        gauges.nodeUp.set({ rail }, f.nodeUp ? 1 : 0);
        for (const [status, n] of Object.entries(f.payouts))
          gauges.payouts.set({ rail, status }, n);
        for (const [reason, n] of Object.entries(f.waiting))
          gauges.waiting.set({ rail, reason }, n);
        for (const d of f.differences) gauges.difference.set({ rail, asset: d.asset }, d.minor);
        if (f.differenceCount !== undefined)
          gauges.differenceCount.set({ rail }, f.differenceCount);
        if (f.reconciledAt !== undefined) gauges.reconciledAt.set({ rail }, f.reconciledAt / 1000);
      }
    },
  };
}
