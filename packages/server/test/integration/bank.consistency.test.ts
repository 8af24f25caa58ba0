import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/lib/money.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import {
  realTimeFloors,
  type Acknowledged,
  checkOperations,
  checkReads,
  checkSnapshots,
  checkStatements,
  rowHistories,
} from '../helpers/bank/checks.js';
import {
  balanceReader,
  readBalances,
  readUntil,
  snapshotSums,
  type BalanceRead,
  type SnapshotSum,
} from '../helpers/bank/observers.js';
import {
  depositKind,
  failingDepositKind,
  failingWithdrawalKind,
  pickKind,
  withdrawalKind,
  type BankOperationKind,
  type Started,
} from '../helpers/bank/operation-mix.js';
import { orderKind, pixPaymentKind, swapKind } from '../helpers/bank/exchange-mix.js';
import { checkPointInTime } from '../helpers/bank/point-in-time.js';
import { transferKind } from '../helpers/bank/transfer-mix.js';
import { checkRefunds, pixRefundKind, reversalKind } from '../helpers/bank/refund-mix.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { seededRng } from '../helpers/bank/rng.js';
import { until } from '../helpers/bank/until.js';
import { BANK_ASSETS, createWorld, type BankAsset, type BankWorld } from '../helpers/bank/world.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/**
 * The bank test (in the spirit of Jepsen's): several customers' multi-asset accounts, random
 * concurrent operations through the API for a bounded time while readers read balances and the
 * ledger's per-asset sums, on the real clock with the sandbox and the worker running. Then, once
 * every operation is terminal: every read was a prefix of its statement, every sum was zero,
 * nothing was negative, the ledger verifies, every operation ended once with one terminal
 * event and the movements of that outcome, and the past reads true: balances at instants over
 * the run, and statements for periods of it, agree with a replay of the journal.
 * docs/architecture.md "Consistency test".
 */

/** The operations mixed in: each kind's requests, outcomes and journals (helpers/bank). */
const MIX: BankOperationKind[] = [
  depositKind,
  withdrawalKind,
  swapKind,
  pixPaymentKind,
  orderKind,
  transferKind,
  pixRefundKind,
  reversalKind,
];

const SHAPE = { customers: 3, accountsPerCustomer: 2 };
const RUN_MS = 3_000;
/** At least this many requests even on a slow machine, at most MAX_OPERATIONS. */
const MIN_OPERATIONS = 60;
const MAX_OPERATIONS = 240;
/** Requests of a kind the random mix created none of, asked again after it (each may be refused). */
const TOP_UP_TRIES = 20;
/** Concurrent requesters of operations, and of balance reads. */
const CLIENTS = 6;
const BALANCE_READERS = 3;
/** Each account's first deposit per asset, before the run. */
const FUNDING: Record<BankAsset, bigint> = {
  BRL: 150_000n,
  USDT: 300_000_000n,
  BTC: 3_000_000n,
};

const SEED = Number(process.env.BANK_SEED ?? Date.now() % 2 ** 31);

describe.each(ENGINES)('bank consistency on %s', (engine) => {
  const t = useTestApp(engine, {
    worker: true,
    env: {
      ...ADMIN_ENV,
      COFRE_SANDBOX_STEP_DELAY_MS: '50',
      COFRE_WORKER_POLL_MS: '20',
      COFRE_RATE_LIMIT_PER_MINUTE: '0',
      COFRE_ORDER_CHECK_INTERVAL_MS: '100',
    },
  });

  it('keeps every read a statement prefix, every sum zero and every operation terminal once', async () => {
    const began = Date.now();
    const db = t.handle.db;
    const world = await createWorld(t, SHAPE);
    await fund(world);

    // ---- The run: requesters, balance readers and a snapshot reader, all at once --------------
    const figures = new Map<string, { created: number; refused: Map<string, number> }>();
    const acknowledged: Acknowledged[] = [];
    const violations: string[] = [];
    const reads: BalanceRead[] = [];
    const sums: SnapshotSum[][] = [];
    const deadline = Date.now() + RUN_MS;
    let issued = 0;
    let reading = true;
    const requesting = () =>
      issued < MAX_OPERATIONS && (Date.now() < deadline || issued < MIN_OPERATIONS);
    const record = (kind: BankOperationKind, started: Started): void => {
      const line = figures.get(kind.name) ?? { created: 0, refused: new Map() };
      figures.set(kind.name, line);
      if (started.kind === 'created') {
        line.created += started.operationIds.length;
        const respondedAt = performance.now();
        for (const operationId of started.operationIds) {
          acknowledged.push({ operationId, respondedAt });
        }
      } else {
        const label = `${started.status} ${started.code}`;
        line.refused.set(label, (line.refused.get(label) ?? 0) + 1);
        if (started.status >= 500) violations.push(`${kind.name} answered ${label}`);
      }
    };
    // The failure paths are in every run, whatever the draws: a deposit and a withdrawal that the
    // sandbox fails (amounts ending in 66), requested before the random mix starts.
    for (const kind of [failingDepositKind, failingWithdrawalKind]) {
      issued += 1;
      record(kind, await kind.start(world, world.accounts[0]!, seededRng(SEED)));
    }

    const requesters = Array.from({ length: CLIENTS }, async (_, i) => {
      const rng = seededRng(SEED + 1 + i);
      while (requesting()) {
        issued += 1;
        const kind = pickKind(MIX, rng);
        record(kind, await kind.start(world, rng.pick(world.accounts), rng));
      }
    });
    const readers = [
      ...Array.from({ length: BALANCE_READERS }, (_, i) =>
        balanceReader(world, `reader${i}`, seededRng(SEED + 100 + i), reads, () => !reading),
      ),
      readUntil(
        () => !reading,
        async () => {
          sums.push(await snapshotSums(db));
        },
      ),
    ];
    await Promise.all(requesters);
    // However the random draws fell, every kind is in the run: a kind that created nothing (a
    // reversal that found no completed withdrawal yet, say) is asked again, a bounded number of
    // times, while the readers still read.
    const topUp = seededRng(SEED + 300);
    for (const kind of MIX) {
      for (
        let tries = 0;
        tries < TOP_UP_TRIES && !(figures.get(kind.name)?.created ?? 0);
        tries++
      ) {
        issued += 1;
        record(kind, await kind.start(world, topUp.pick(world.accounts), topUp));
      }
    }
    const requestMs = Date.now() - (deadline - RUN_MS);
    // Readers go on while the sandbox settles what was requested; then they stop.
    await untilTerminal(world);
    reading = false;
    await Promise.all(readers);

    // ---- The end state is read too ---------------------------------------------------------------
    for (const account of world.accounts)
      reads.push(...(await readBalances(world, account, 'final', 0)));
    sums.push(await snapshotSums(db));

    // ---- Checks ----------------------------------------------------------------------------------
    const histories = await rowHistories(
      db,
      world.accounts.map((a) => a.id),
      violations,
    );
    const floors = await realTimeFloors(db, acknowledged, histories);
    const readsChecked = checkReads(reads, histories, floors, violations);
    const statementEntries = await checkStatements(world, BANK_ASSETS, histories, violations);
    const past = await checkPointInTime(world, db, BANK_ASSETS, seededRng(SEED + 200), violations);
    const snapshotsChecked = checkSnapshots(sums, violations);
    const operations = await checkOperations(db, violations);
    const refundedDeposits = await checkRefunds(db, violations);
    const known = new Set(
      (await db.selectFrom('operations').select('id').execute()).map((o) => o.id),
    );
    for (const { operationId: id } of acknowledged)
      if (!known.has(id)) violations.push(`operation ${id} was answered 201 but does not exist`);
    const ledger = await verifyLedger(db);

    console.log(
      [
        `bank consistency on ${engine} (seed ${SEED}): ${Date.now() - began} ms`,
        `  requests: ${issued} in ${requestMs} ms by ${CLIENTS} clients over ${world.accounts.length} accounts × ${BANK_ASSETS.join('/')}`,
        ...[...figures].map(
          ([name, f]) =>
            `  ${name}: ${f.created} created, refused ${JSON.stringify(Object.fromEntries(f.refused))}`,
        ),
        `  operations (incl. funding): ${JSON.stringify(operations)}`,
        `  balance reads checked: ${readsChecked} (${BALANCE_READERS} readers + final), statement entries compared: ${statementEntries}`,
        `  balances?at= checked against a replay: ${past.balancesChecked}, statement periods: ${past.periodsChecked} (${past.periodEntries} entries)`,
        `  snapshot sums checked: ${snapshotsChecked}, verifyLedger differences: ${ledger.length}`,
        `  deposits with refunds, their refunded totals checked: ${refundedDeposits}`,
        `  violations: ${violations.length}`,
      ].join('\n'),
    );
    expect(violations).toEqual([]);
    expect(ledger).toEqual([]);
    // The run was not vacuous: operations of every kind ended both ways, readers saw the run.
    for (const kind of MIX) expect(figures.get(kind.name)?.created ?? 0).toBeGreaterThan(0);
    expect(operations.DEPOSIT?.FAILED ?? 0).toBeGreaterThan(0);
    expect(operations.WITHDRAWAL?.FAILED ?? 0).toBeGreaterThan(0);
    expect(readsChecked).toBeGreaterThan(100);
    expect(snapshotsChecked).toBeGreaterThan(10);
    expect(past.balancesChecked).toBeGreaterThan(100);
    expect(past.periodEntries).toBeGreaterThan(0);
  });
});

/** One deposit per account and asset, paid by the sandbox before the run starts. */
async function fund(world: BankWorld): Promise<void> {
  for (const account of world.accounts) {
    for (const asset of BANK_ASSETS) {
      const res = await world.t.as(account.customer.token, {
        method: 'POST',
        url: '/v1/operations/deposit',
        payload: { accountId: account.id, asset, amount: formatAmount(FUNDING[asset], asset) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  await untilTerminal(world);
}

/** Until no operation is REQUESTED or PROCESSING (the sandbox settles each within seconds). */
function untilTerminal({ t }: BankWorld): Promise<true> {
  return until('every operation COMPLETED or FAILED', async () => {
    const open = await t.handle.db
      .selectFrom('operations')
      .select('id')
      .where('status', 'not in', ['COMPLETED', 'FAILED'])
      .limit(1)
      .execute();
    return open.length === 0 ? true : undefined;
  });
}
