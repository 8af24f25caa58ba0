import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import {
  captureHold,
  getBalances,
  placeHold,
  postDeposit,
  releaseHold,
} from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import type { Asset } from '../../src/lib/money.js';
import { holdOutcome, ledgerAccount } from '../helpers/ledger.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

type Step =
  | { op: 'deposit'; asset: Asset; amount: bigint }
  | { op: 'hold'; asset: Asset; amount: bigint }
  | { op: 'capture' | 'release'; pick: number };

const asset = fc.constantFrom<Asset>('BRL', 'BTC');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    asset,
    amount: fc.bigInt({ min: 1n, max: 1_000n }),
  }),
  fc.record({ op: fc.constant('hold' as const), asset, amount: fc.bigInt({ min: 1n, max: 800n }) }),
  fc.record({ op: fc.constantFrom('capture' as const, 'release' as const), pick: fc.nat() }),
);

// Whatever sequence of movements runs, the balances equal a plain in-memory model and are
// recomputable from the entries (verifyLedger clean), including settling a hold twice.
describe.each(ENGINES)('ledger against a model on %s', (engine) => {
  const t = useTestApp(engine);

  it('keeps balances equal to the model and the ledger clean', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const accountId = await ledgerAccount(t.handle.db, ['BRL', 'BTC']);
        const model = { BRL: { available: 0n, pending: 0n }, BTC: { available: 0n, pending: 0n } };
        const holds: { id: string; asset: Asset; amount: bigint; settled: boolean }[] = [];
        for (const s of steps) {
          await transact(t.handle.db, async ({ trx }) => {
            const base = { accountId, operationId: null, description: s.op, at: Date.now() };
            if (s.op === 'deposit') {
              await postDeposit(trx, { ...base, asset: s.asset, amount: s.amount });
              model[s.asset as 'BRL'].available += s.amount;
            } else if (s.op === 'hold') {
              const result = await holdOutcome(
                placeHold(trx, { ...base, asset: s.asset, amount: s.amount }),
              );
              const m = model[s.asset as 'BRL'];
              expect(result.kind).toBe(m.available >= s.amount ? 'held' : 'insufficient');
              if (result.kind === 'held') {
                m.available -= s.amount;
                m.pending += s.amount;
                holds.push({ id: result.holdId, asset: s.asset, amount: s.amount, settled: false });
              }
            } else if (holds.length > 0) {
              const h = holds[s.pick % holds.length]!;
              const moved = await (s.op === 'capture' ? captureHold : releaseHold)(trx, {
                holdId: h.id,
                at: Date.now(),
              });
              expect(moved).toBe(!h.settled);
              if (moved) {
                const m = model[h.asset as 'BRL'];
                m.pending -= h.amount;
                if (s.op === 'release') m.available += h.amount;
                h.settled = true;
              }
            }
          });
        }
        expect(await getBalances(t.handle.db, accountId)).toEqual([
          { asset: 'BRL', ...model.BRL },
          { asset: 'BTC', ...model.BTC },
        ]);
        expect(await verifyLedger(t.handle.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
