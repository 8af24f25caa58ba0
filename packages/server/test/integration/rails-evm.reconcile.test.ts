import { beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { operatorRails, type Rail, type RailReconciliation } from '../../src/rails/index.js';
import { asAdmin } from '../helpers/admin.js';
import {
  approvedWallet,
  fundHotWallet,
  fundedCryptoAccount,
  TEST_CONFIRMATIONS,
  watch,
} from '../helpers/evm/evm-rail-world.js';
import { useEvmRail } from '../helpers/evm/use-evm-rail.js';
import { TEST_HOT_WALLET_KEY } from '../helpers/evm/hd-fixture.js';

import { startRpcProxy } from '../helpers/evm/rpc-proxy.js';
import { mintToken, tokenBalance, transferToken } from '../helpers/evm/token-actions.js';
import { getOperation, postWithdrawal, type OperationBody } from '../helpers/operations.js';
import { metricValue, parseExposition } from '../helpers/prometheus.js';

import { ENGINES } from '../helpers/test-db.js';

const HOT = { address: privateKeyToAddress(TEST_HOT_WALLET_KEY), privateKey: TEST_HOT_WALLET_KEY };

// Issue 25: reconciliation compares, per token, what the ledger owes customers with the tokens
// on chain and reports the difference without changing anything; the back-office and /metrics
// show the rail's state, lag and waiting payouts (docs/rails.md "Reconciliation", "Health").
describe.each(ENGINES)('EVM rail reconciliation and health on %s', (engine) => {
  const clock = new ManualClock();
  const {
    world,
    t,
    node: proxy,
  } = useEvmRail(engine, {
    clock,
    node: startRpcProxy,
    env: () => ({ COFRE_METRICS_CACHE_MS: '0' }),
  });
  let rail: Rail;
  let token: string;
  beforeAll(async () => {
    rail = (await operatorRails(t.config, t.handle, clock)).rails[0]!;
    token = (await t.customer('Reconciled customer')).token;
  });

  const reconcile = () => rail.reconcile({ db: t.handle.db, clock: t.clock });
  const asset = (report: RailReconciliation, name: string) =>
    report.assets.find((a) => a.asset === name)!;
  /** Everything that says what anyone holds: a reconciliation must leave it as it was. */
  const ledgerState = async () => ({
    balances: await t.handle.db
      .selectFrom('ledger_balances')
      .selectAll()
      .orderBy('account_id')
      .orderBy('asset')
      .execute(),
    entries: (await t.handle.db.selectFrom('ledger_entries').select('id').execute()).length,
    operations: await t.handle.db
      .selectFrom('operations')
      .select(['id', 'status'])
      .orderBy('id')
      .execute(),
  });
  const withdraw = async (accountId: string, to: Address, amount: string) => {
    const beneficiary = await approvedWallet(t, token, to, 'USDT');
    const res = await postWithdrawal(t, token, { accountId, asset: 'USDT', amount, beneficiary });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OperationBody>().id;
  };

  it('finds no difference after deposits, the float once the hot wallet is funded, and the same after a payout', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 50_000_000n);
    const first = await reconcile();
    expect(first.outcome, JSON.stringify(first)).toBe('MATCHED');
    expect(asset(first, 'USDT')).toMatchObject({
      ledger: { customers: '50.000000' },
      held: { depositAddresses: '50.000000', hotWallet: '0.000000', total: '50.000000' },
      difference: '0.000000',
      differenceMinor: '0',
    });
    // USDC is an 18-decimal token here: compared exactly in its own units.
    expect(asset(first, 'USDC').difference).toBe('0.000000000000000000');

    // The operator funds the hot wallet from outside: the house's float, which no ledger owes.
    await fundHotWallet(world, HOT, 1_000_000_000n);
    await watch(t, clock);
    const funded = await reconcile();
    expect(funded.outcome).toBe('DIFFERENT');
    expect(asset(funded, 'USDT')).toMatchObject({
      difference: '1000.000000',
      differenceMinor: '1000000000',
    });

    const to = getAddress('0x5000000000000000000000000000000000000005');
    const id = await withdraw(accountId, to, '12.500000');
    await watch(t, clock); // signed, sent, mined
    await world.chain.mine(1);
    await watch(t, clock); // the watcher's cursor is past the payout's block; not final yet
    const inFlight = await reconcile();
    expect(asset(inFlight, 'USDT')).toMatchObject({
      leaving: '12.500000',
      difference: '1000.000000',
    });

    await world.chain.mine(TEST_CONFIRMATIONS);
    await watch(t, clock);
    expect((await getOperation(t, token, id)).status).toBe('COMPLETED');
    const paid = await reconcile();
    expect(asset(paid, 'USDT')).toMatchObject({
      ledger: { customers: '37.500000' },
      leaving: '0.000000',
      difference: '1000.000000',
    });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('shows tokens sent to the hot wallet from outside as a positive difference, and changes nothing', async () => {
    const before = await reconcile();
    const state = await ledgerState();
    await mintToken(
      world.clients,
      world.chain.accounts[0]!.privateKey,
      world.usdt,
      HOT.address,
      7_000_000n,
    );
    await watch(t, clock);
    const after = await reconcile();
    expect(after.outcome).toBe('DIFFERENT');
    expect(
      BigInt(asset(after, 'USDT').differenceMinor) - BigInt(asset(before, 'USDT').differenceMinor),
    ).toBe(7_000_000n);
    expect(await ledgerState()).toEqual(state);
  });

  it('does not compare while the watcher is behind the node by its confirmations', async () => {
    await world.chain.mine(TEST_CONFIRMATIONS);
    const report = await reconcile();
    expect(report).toMatchObject({ outcome: 'NOT_COMPARED', assets: [] });
    expect(report.reason).toMatch(/blocks behind/);
    await watch(t, clock);
    expect((await reconcile()).outcome).not.toBe('NOT_COMPARED');
  });

  it('shows lag, waiting payouts and the newest reconciliation in /admin/v1/rails and /metrics', async () => {
    const accountId = await fundedCryptoAccount(t, clock, world, token, 10_000_000n);
    // Empty the hot wallet (outside cofre): the next payout waits for TOKENS.
    const held = await tokenBalance(world.clients, world.usdt, HOT.address);
    await transferToken(
      world.clients,
      HOT.privateKey,
      world.usdt,
      world.chain.accounts[3]!.address,
      held,
    );
    await withdraw(accountId, getAddress('0x6000000000000000000000000000000000000006'), '1.000000');
    const newest = await reconcile();
    await world.chain.mine(20);
    await watch(t, clock);
    // A watcher 10 blocks behind the head it saw, as one catching up leaves its row between
    // runs (each run reads at most 500 blocks); its next run reads them again, harmlessly.
    await t.handle.db
      .updateTable('rail_evm_chains')
      .set((eb) => ({ cursor_block: eb('head_block', '-', 10) }))
      .execute();

    const res = await asAdmin(t, { method: 'GET', url: '/admin/v1/rails' });
    expect(res.statusCode, res.body).toBe(200);
    const [view] = res.json<{ rails: Record<string, unknown>[] }>().rails;
    expect(view).toMatchObject({
      name: 'evm:ETHEREUM',
      network: 'ETHEREUM',
      state: 'lagging',
      lagBlocks: 10,
      waiting: { TOKENS: 1, GAS: 0, NO_KEY: 0 },
      payouts: { QUEUED: 1 },
      jobs: { watch: { failures: 0 }, payouts: { failures: 0 } },
      reconciliation: { id: expect.any(String) as string },
    });
    // The job's run (due each hour) may be the newest; either way one of this rail's reports.
    expect(['MATCHED', 'DIFFERENT', 'NOT_COMPARED']).toContain(
      (view!.reconciliation as { outcome: string }).outcome,
    );
    expect(newest.rail).toBe('evm:ETHEREUM');

    const metrics = parseExposition((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
    const rail = { rail: 'evm:ETHEREUM' };
    expect(metricValue(metrics, 'cofre_rail_lag_blocks', rail)).toBe(10);
    expect(metricValue(metrics, 'cofre_rail_node_up', rail)).toBe(1);
    expect(metricValue(metrics, 'cofre_rail_payouts', { ...rail, status: 'QUEUED' })).toBe(1);
    expect(metricValue(metrics, 'cofre_rail_payouts_waiting', { ...rail, reason: 'TOKENS' })).toBe(
      1,
    );
    expect(
      metricValue(metrics, 'cofre_rail_reconciliation_difference_minor', {
        ...rail,
        asset: 'USDT',
      }),
    ).toBeTypeOf('number');
    expect(metricValue(metrics, 'cofre_metrics_source_up', { source: 'rails' })).toBe(1);
  });

  it('says the node is failing while it does not answer, and ok again once it does', async () => {
    const view = async () =>
      (await asAdmin(t, { method: 'GET', url: '/admin/v1/rails' })).json<{
        rails: { state: string; jobs: { watch: { failures: number; lastError: string | null } } }[];
      }>().rails[0]!;
    await proxy.stop();
    try {
      await watch(t, clock);
      const failing = await view();
      expect(failing.state).toBe('node-failing');
      expect(failing.jobs.watch.failures).toBeGreaterThan(0);
      expect(failing.jobs.watch.lastError).toEqual(expect.any(String));
      expect(failing.jobs.watch.lastError).not.toContain(new URL(proxy.url).host);
      const metrics = parseExposition(
        (await t.app.inject({ method: 'GET', url: '/metrics' })).body,
      );
      expect(metricValue(metrics, 'cofre_rail_node_up', { rail: 'evm:ETHEREUM' })).toBe(0);
      const report = await reconcile();
      expect(report.outcome).toBe('NOT_COMPARED');
      expect(report.reason).toMatch(/node failed/);
    } finally {
      await proxy.start();
    }
    clock.advance(120_000); // past the watcher's backoff
    await watch(t, clock);
    expect((await view()).jobs.watch).toEqual({ failures: 0, lastError: null, lastErrorAt: null });
  });

  it('runs as an hourly job that keeps every report', async () => {
    const reports = () =>
      t.handle.db
        .selectFrom('rail_reconciliations')
        .select(['created_at', 'outcome'])
        .orderBy('created_at', 'desc')
        .execute();
    const before = await reports();
    expect(before.length).toBeGreaterThan(0); // the job ran when the worker started its rails
    clock.advance(3_600_000);
    await watch(t, clock);
    const after = await reports();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.created_at).toBe(clock.now());
    await watch(t, clock);
    expect(await reports()).toHaveLength(after.length);
  });
});
