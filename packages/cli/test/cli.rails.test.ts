import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from 'viem/accounts';
import { ManualClock } from '../../server/src/lib/clock.js';
import {
  evmRailEnv,
  evmWorld,
  fundedCryptoAccount,
  startRails,
  watch,
  type EvmWorld,
} from '../../server/test/helpers/evm/evm-rail-world.js';
import {
  TEST_HOT_WALLET_KEY,
  writeOperatorKeyFiles,
  type OperatorKeyFiles,
} from '../../server/test/helpers/evm/hd-fixture.js';
import { startLocalChain, type LocalChain } from '../../server/test/helpers/evm/local-chain.js';
import { mintToken } from '../../server/test/helpers/evm/token-actions.js';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

// Issue 25: `cofre rails reconcile` compares the ledger with the chain now, with the server's
// configuration, and exits 0 on no difference, 1 on one; `cofre rails status` prints the health.
describe.each(ENGINES)('cofre rails on %s', (engine) => {
  let chain: LocalChain | undefined;
  let world: EvmWorld;
  let t: TestApp | undefined;
  let keys: OperatorKeyFiles | undefined;
  let env: Record<string, string>;
  // The commands read the system clock: the app's starts now, so its records are not stale.
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    chain = await startLocalChain();
    world = await evmWorld(chain);
    keys = await writeOperatorKeyFiles();
    // The hot wallet's key tells the command which address to read before it ever signed.
    const railEnv = { ...evmRailEnv(world), COFRE_EVM_HOT_WALLET_KEY_FILE: keys.hotWalletKeyFile };
    t = await createTestApp(engine, { clock, env: railEnv });
    env = { ...railEnv, COFRE_DATABASE_URL: t.database.url, COFRE_LOG_LEVEL: 'silent' };
    await startRails(t);
    const { token } = await t.customer('CLI customer');
    await fundedCryptoAccount(t, clock, world, token, 5_000_000n);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.close();
    await keys?.remove();
  });

  it('prints a clean reconciliation and exits 0, then a difference and exits 1', async () => {
    const clean = await cofre(['rails', 'reconcile', '--json'], env);
    expect(clean.err).toEqual([]);
    expect(clean.code).toBe(0);
    const [report] = JSON.parse(clean.out[0]!) as {
      outcome: string;
      assets: { asset: string; difference: string }[];
    }[];
    expect(report!.outcome).toBe('MATCHED');
    expect(report!.assets.find((a) => a.asset === 'USDT')?.difference).toBe('0.000000');

    const hot = privateKeyToAddress(TEST_HOT_WALLET_KEY);
    await mintToken(
      world.clients,
      world.chain.accounts[0]!.privateKey,
      world.usdt,
      hot,
      3_000_000n,
    );
    await watch(t!, clock);
    const different = await cofre(['rails', 'reconcile'], env);
    expect(different.code).toBe(1);
    expect(different.out[0]).toMatch(
      /^evm:ETHEREUM {2}reconciliation rec_\S+ {2}\S+ {2}DIFFERENT {2}at block \d+$/,
    );
    expect(different.out.find((line) => line.includes(' USDT '))).toContain('difference=3.000000');
  });

  it('prints the status with the newest reconciliation', async () => {
    const run = await cofre(['rails', 'status'], env);
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/^evm:ETHEREUM {2}ok {2}head=\d+ {2}cursor=\d+ {2}lag=0$/);
    expect(run.out.some((line) => line.includes('DIFFERENT'))).toBe(true);
  });

  it('says no rail is configured and exits 2', async () => {
    const run = await cofre(['rails', 'reconcile'], {
      COFRE_DATABASE_URL: t!.database.url,
      COFRE_LOG_LEVEL: 'silent',
    });
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(/no rail is configured/);
  });
});
