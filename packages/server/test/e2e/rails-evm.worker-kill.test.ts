import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseAbiItem, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { operatorRails } from '../../src/rails/index.js';
import {
  activeCryptoAccount,
  approvedWallet,
  evmRailEnv,
  evmWorld,
  fundHotWallet,
  TEST_CONFIRMATIONS,
  type EvmWorld,
} from '../helpers/evm/evm-rail-world.js';
import {
  TEST_HOT_WALLET_KEY,
  writeOperatorKeyFiles,
  type OperatorKeyFiles,
} from '../helpers/evm/hd-fixture.js';
import { startJsonRpcGate, type JsonRpcGate } from '../helpers/evm/json-rpc-gate.js';
import { startLocalChain, type LocalChain } from '../helpers/evm/local-chain.js';
import { transferToken } from '../helpers/evm/token-actions.js';
import { getOperation, postWithdrawal, type OperationBody } from '../helpers/operations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitUntil } from '../helpers/wait-for.js';
import { lateBound } from '../helpers/world.js';
import {
  killAllWorkerProcesses,
  startWorkerProcess,
  stopWorkerProcess,
  type WorkerProcess,
} from '../helpers/worker-process.js';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const HOT = { address: privateKeyToAddress(TEST_HOT_WALLET_KEY), privateKey: TEST_HOT_WALLET_KEY };
const BURST = 5;

// Issue 25: a `cofre worker` SIGKILLed between signing and broadcasting, then between
// broadcasting and the receipt, in a burst of payouts: every payout reaches the chain exactly
// once (docs/rails.md "Intent → effect → outcome"), the ledger verifies.
describe.each(ENGINES)('EVM payouts across worker SIGKILLs on %s', (engine) => {
  let chain: LocalChain | undefined;
  let gate: JsonRpcGate | undefined;
  let keys: OperatorKeyFiles | undefined;
  let made: EvmWorld | undefined;
  let app: TestApp | undefined;
  const world = lateBound('EVM world', () => made);
  const t = lateBound('test app', () => app);
  const node = lateBound('JSON-RPC gate', () => gate);
  let workerEnv: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    chain = await startLocalChain();
    made = await evmWorld(chain);
    gate = await startJsonRpcGate(chain.url);
    keys = await writeOperatorKeyFiles();
    const env = {
      ...evmRailEnv(made, gate.url),
      COFRE_EVM_HOT_WALLET_KEY_FILE: keys.hotWalletKeyFile,
      COFRE_EVM_POLL_MS: '100',
    };
    // The API only, in this process; the rail's jobs run in the worker processes below.
    app = await createTestApp(engine, { env });
    workerEnv = {
      ...env,
      COFRE_DATABASE_URL: app.database.url,
      COFRE_WORKER_POLL_MS: '100',
      COFRE_WORKER_LEASE_MS: '1500',
      COFRE_WEBHOOK_TIMEOUT_MS: '1000',
    };
    token = (await app.customer('Crash customer')).token;
    await fundHotWallet(made, HOT, 1_000_000_000n);
  });
  afterAll(async () => {
    await killAllWorkerProcesses();
    await app?.close();
    await gate?.close();
    await chain?.close();
    await keys?.remove();
  });

  /** Waits for `done`, mining a block now and then so confirmations grow (real time here). */
  const whileMining = <T>(what: string, done: () => Promise<T | undefined>) =>
    waitUntil(
      what,
      async () => {
        await world.chain.mine(1);
        return done();
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  const payoutsIn = async (status: string) =>
    (
      await t.handle.db
        .selectFrom('rail_evm_payouts')
        .select('operation_id')
        .where('status', '=', status as 'SIGNED')
        .execute()
    ).length;
  const burst = async (accountId: string, first: number) => {
    const payouts: { id: string; to: Address; amount: bigint }[] = [];
    for (let i = first; i < first + BURST; i++) {
      const to = getAddress(`0x7${String(i).padStart(39, '0')}`);
      const beneficiary = await approvedWallet(t, token, to);
      const amount = `${i + 1}.000000`;
      const res = await postWithdrawal(t, token, { accountId, asset: 'USDT', amount, beneficiary });
      expect(res.statusCode, res.body).toBe(201);
      payouts.push({ id: res.json<OperationBody>().id, to, amount: BigInt(i + 1) * 1_000_000n });
    }
    return payouts;
  };
  const allCompleted = (ids: readonly string[]) => async () => {
    for (const id of ids) {
      if ((await getOperation(t, token, id)).status !== 'COMPLETED') return undefined;
    }
    return true;
  };

  it('pays each payout of a burst exactly once across SIGKILLs', async () => {
    let worker: WorkerProcess = await startWorkerProcess(workerEnv);
    const accountId = await activeCryptoAccount(t, token);
    const funding = await t.as(token, {
      method: 'GET',
      url: `/v1/accounts/${accountId}/fundingInstructions`,
    });
    const address = funding
      .json<{ data: { asset: string; address: string }[] }>()
      .data.find((f) => f.asset === 'USDT')!.address as Address;
    await transferToken(world.clients, world.sender.privateKey, world.usdt, address, 100_000_000n);
    await whileMining('the deposit credited', async () => {
      const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${accountId}/balances` });
      const usdt = res.json<{ data: { asset: string; available: string }[] }>().data;
      return usdt.find((b) => b.asset === 'USDT')?.available === '100.000000' ? true : undefined;
    });

    // 1. Killed between signing and broadcasting: the node never receives the signed bytes.
    node.hold('eth_sendRawTransaction');
    const signedOnly = await burst(accountId, 0);
    await waitUntil('the burst signed', async () =>
      (await payoutsIn('SIGNED')) === BURST ? true : undefined,
    );
    await stopWorkerProcess(worker, 'SIGKILL');
    node.release();
    worker = await startWorkerProcess(workerEnv);
    await whileMining('the first burst completed', allCompleted(signedOnly.map((p) => p.id)));

    // 2. Killed between broadcasting and the receipt: sent, not mined yet.
    await world.chain.stopMining();
    const sentOnly = await burst(accountId, BURST);
    await waitUntil('the burst sent', async () =>
      (await payoutsIn('SENT')) === BURST ? true : undefined,
    );
    await stopWorkerProcess(worker, 'SIGKILL');
    await world.chain.startMining();
    worker = await startWorkerProcess(workerEnv);
    await whileMining('the second burst completed', allCompleted(sentOnly.map((p) => p.id)));

    for (const payout of [...signedOnly, ...sentOnly]) {
      const logs = await world.clients.public.getLogs({
        address: world.usdt.address,
        event: TRANSFER,
        args: { from: HOT.address, to: payout.to },
        fromBlock: 0n,
      });
      expect(
        logs.map((log) => log.args.value),
        `payouts to ${payout.to}`,
      ).toEqual([payout.amount]);
    }
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    // Reconciliation: on chain exactly what the ledger owes plus the hot wallet's float (the
    // 1,000 USDT the operator put in), nothing paid twice or lost.
    await world.chain.mine(TEST_CONFIRMATIONS);
    const rail = (await operatorRails(t.config, t.handle, t.clock)).rails[0]!;
    await waitUntil('the watcher at the head', async () => {
      const report = await rail.reconcile({ db: t.handle.db, clock: t.clock });
      return report.outcome === 'NOT_COMPARED' ? undefined : report;
    }).then((report) => {
      expect(report.assets.find((a) => a.asset === 'USDT')).toMatchObject({
        differenceMinor: '1000000000',
      });
    });
    await stopWorkerProcess(worker, 'SIGTERM');
  });
});
