// The EVM rail on a local chain (docs/rails.md): deposits credited per second and the time from a
// transfer's N-th confirmation to its credit; payouts signed, sent and completed per second. A
// `cofre serve` in production with the rail, on each engine, against an in-process Ganache with a
// 6-decimal token; the bench mines the blocks.
// BENCH_SMOKE=1: 5 deposits, 5 payouts, 3 confirmations (the test suite runs it).
//   npm run bench:rails            BENCH_ENGINES=sqlite BENCH_RAIL_DEPOSITS=500 …
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { createCustomerWithClient, systemClock, verifyLedger } from '@cofre/server';
import { onExit } from './lib/cleanup.mjs';
import { runPerEngine } from './lib/per-engine.mjs';
import { issueToken } from './lib/cofre-api.mjs';
import { startChain } from './lib/rails/chain.mjs';
import { railClient } from './lib/rails/rail-client.mjs';
import { spawnServer } from './lib/servers.mjs';
import { summarize } from './lib/webhooks/numbers.mjs';
import { cofreEnv, openDatabase, startEngine } from './lib/webhooks/databases.mjs';

const smoke = process.env.BENCH_SMOKE === '1';
const settings = {
  engines: (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(','),
  deposits: Number(process.env.BENCH_RAIL_DEPOSITS ?? (smoke ? 5 : 200)),
  payouts: Number(process.env.BENCH_RAIL_PAYOUTS ?? (smoke ? 5 : 200)),
  confirmations: Number(process.env.BENCH_RAIL_CONFIRMATIONS ?? (smoke ? 3 : 12)),
  pollMs: process.env.BENCH_RAIL_POLL_MS ?? (smoke ? '200' : undefined),
  blockEveryMs: Number(process.env.BENCH_RAIL_BLOCK_MS ?? 100),
};
// The well-known test mnemonic's account node (never for real money): the API derives from it.
const XPUB =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';
const ADMIN_TOKEN = randomBytes(24).toString('base64url');

await runPerEngine('rails', settings, runEngine);

async function runEngine(engine) {
  const engineCtx = await startEngine(engine);
  const database = await openDatabase(
    await engineCtx.newDatabase(`rails_${randomBytes(3).toString('hex')}`),
  );
  const chain = await startChain();
  const dir = mkdtempSync(join(tmpdir(), 'cofre-bench-rails-'));
  onExit(() => rmSync(dir, { recursive: true, force: true }));
  const hotKey = `0x${randomBytes(32).toString('hex')}`;
  writeFileSync(join(dir, 'hot.key'), `${hotKey}\n`, { mode: 0o600 });
  const hot = await chain.warmWallet(hotKey);
  await chain.mint(hot, 10n ** 15n);
  const server = spawnServer(
    'cofre-role.mjs',
    cofreEnv(database.url, 'all', {
      COFRE_ENVIRONMENT: 'production',
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'false',
      COFRE_ADMIN_TOKEN: ADMIN_TOKEN,
      COFRE_EVM_RPC_URL: chain.url,
      COFRE_EVM_CHAIN_ID: String(chain.chainId),
      COFRE_EVM_NETWORK: 'ETHEREUM',
      COFRE_EVM_TOKENS: `USDT=${chain.token}`,
      COFRE_EVM_CONFIRMATIONS: String(settings.confirmations),
      COFRE_EVM_DEPOSIT_XPUB: XPUB,
      COFRE_EVM_HOT_WALLET_KEY_FILE: join(dir, 'hot.key'),
      ...(settings.pollMs ? { COFRE_EVM_POLL_MS: settings.pollMs } : {}),
    }),
    { name: `cofre serve (${engine}, EVM rail)` },
  );
  try {
    const base = await server.url;
    const credentials = await createCustomerWithClient(
      database.db,
      { name: 'Rail bench', environment: 'production' },
      systemClock,
    );
    const api = railClient(base, await issueToken(base, credentials), ADMIN_TOKEN);
    const deposits = await measureDeposits({ database, chain, api });
    const payouts = await measurePayouts({ database, chain, api });
    const ledger = await verifyLedger(database.db);
    if (ledger.length > 0) throw new Error(`ledger verify: ${JSON.stringify(ledger)}`);
    console.log('  ledger verify: clean');
    return { engine, databaseServer: engineCtx.server, deposits, payouts, ledgerClean: true };
  } finally {
    await server.stop();
    await chain.close();
  }
}

/**
 * N transfers mined in one block, seen by the watcher with N − 1 confirmations; then the block
 * that gives them the N-th, and each credit's time after it (credited_at is the server's clock,
 * the same machine's).
 */
async function measureDeposits({ database, chain, api }) {
  const n = settings.deposits;
  const accounts = await api.activeAccounts(n);
  const block = await chain.sendTransfers(
    accounts.map((a) => ({ to: a.address, amount: 100_000_000n })),
    { oneBlock: true },
  );
  // A transfer in block b has head − b + 1 confirmations: up to b + N − 2, one short.
  const short = block + settings.confirmations - 2 - (await chain.head());
  if (short < 0) throw new Error('the chain moved on by itself; cannot stop one block short');
  if (short > 0) await chain.mine(short);
  await until(`${n} transfers seen`, async () => (await transfers(database, 'PENDING')) === n);
  await chain.mine(1);
  const confirmedAt = Date.now();
  const started = performance.now();
  await until(`${n} deposits credited`, async () => (await transfers(database, 'CREDITED')) === n);
  const seconds = (performance.now() - started) / 1_000;
  const latencies = (
    await database.db.selectFrom('rail_evm_transfers').select('credited_at').execute()
  ).map((row) => Number(row.credited_at) - confirmedAt);
  const latency = summarize(latencies);
  console.log(
    `  deposits: ${n} credited in ${seconds.toFixed(2)} s after their N-th confirmation (${(n / seconds).toFixed(0)}/s); confirmation → credit p50 ${latency.p50Ms.toFixed(0)} ms, p99 ${latency.p99Ms.toFixed(0)} ms, max ${latency.maxMs.toFixed(0)} ms`,
  );
  return { count: n, seconds, perSecond: n / seconds, confirmationToCredit: latency };
}

/** M withdrawals requested at once; blocks every BENCH_RAIL_BLOCK_MS; until all are COMPLETED. */
async function measurePayouts({ database, chain, api }) {
  const m = settings.payouts;
  const [account] = await api.activeAccounts(1);
  await chain.sendTransfers([{ to: account.address, amount: BigInt(m) * 2_000_000n }]);
  await chain.mine(settings.confirmations);
  await until(
    'the payouts account funded',
    async () => (await transfers(database, 'CREDITED')) > settings.deposits,
  );
  const beneficiaries = await api.approvedWallets(m);
  const started = performance.now();
  const ids = await api.withdrawals(account.id, beneficiaries, '1.000000');
  const mining = setInterval(() => void chain.mine(1), settings.blockEveryMs);
  try {
    let sentAt;
    await until(`${m} payouts completed`, async () => {
      const byStatus = await payoutStatuses(database);
      if (sentAt === undefined && (byStatus.SENT ?? 0) + (byStatus.CONFIRMED ?? 0) === m)
        sentAt = performance.now();
      return (byStatus.CONFIRMED ?? 0) === m;
    });
    const seconds = (performance.now() - started) / 1_000;
    const sentSeconds = ((sentAt ?? performance.now()) - started) / 1_000;
    console.log(
      `  payouts: ${m} requested, all sent in ${sentSeconds.toFixed(2)} s (${(m / sentSeconds).toFixed(0)}/s), all COMPLETED in ${seconds.toFixed(2)} s (${(m / seconds).toFixed(0)}/s; ${settings.confirmations} confirmations, a block every ${settings.blockEveryMs} ms)`,
    );
    return {
      count: m,
      ids: ids.length,
      sentSeconds,
      seconds,
      sentPerSecond: m / sentSeconds,
      completedPerSecond: m / seconds,
    };
  } finally {
    clearInterval(mining);
  }
}

async function transfers(database, status) {
  const row = await database.db
    .selectFrom('rail_evm_transfers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function payoutStatuses(database) {
  const rows = await database.db
    .selectFrom('rail_evm_payouts')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Polls `check` every 10 ms until true (2 minutes at most: a stuck rail fails the bench). */
async function until(what, check) {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
