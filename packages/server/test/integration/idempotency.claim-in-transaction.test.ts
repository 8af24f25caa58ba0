import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { systemClock } from '../../src/lib/clock.js';
import { AppError } from '../../src/lib/errors.js';
import { IdempotencyService } from '../../src/modules/idempotency/index.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// A request whose whole work is one transaction claims its key in it
// (IdempotencyService.runClaimingInTransaction): the rules of BRIEF "Idempotency" still hold.
describe.each(ENGINES)(
  'an Idempotency-Key claimed in the operation transaction on %s',
  (engine) => {
    const t = useTestApp(engine);
    // One service, as the composition root builds it: it remembers the keys it is running.
    let shared: IdempotencyService | undefined;
    const service = () => (shared ??= new IdempotencyService(t.handle.db, systemClock, 86_400_000));
    const customerId = 'cus_claim_in_transaction';

    /** A request that claims, waits for `release`, then answers `body`. */
    const request = (key: string, body: unknown, release: Promise<void>, claimed?: () => void) =>
      service().runClaimingInTransaction(customerId, key, 'POST /x\n{}', (steps) =>
        transact(t.handle.db, async (tx) => {
          await steps.claim(tx.trx);
          claimed?.();
          await release;
          await steps.complete(tx.trx, 201, body);
          return { status: 201, body };
        }),
      );

    it('answers a duplicate sent while the first runs 409 at once, then replays the answer', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let claimed!: () => void;
      const claimedFirst = new Promise<void>((resolve) => (claimed = resolve));
      const first = request('k-concurrent', { id: 1 }, released, claimed);
      await claimedFirst;
      // At once, while the first transaction is still open: not after waiting for it (on SQLite
      // the one writer would otherwise make it wait and replay).
      const refused = await request('k-concurrent', { id: 2 }, Promise.resolve()).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('IDEMPOTENCY_IN_PROGRESS');
      release();
      expect(await first).toEqual({ status: 201, body: { id: 1 }, replayed: false });
      expect(await request('k-concurrent', { id: 3 }, Promise.resolve())).toEqual({
        status: 201,
        body: { id: 1 },
        replayed: true,
      });
    });

    it('answers a duplicate from another process 409 (PostgreSQL) or its answer once committed (SQLite)', async () => {
      // Another process: its own service, which does not know the first one's running keys.
      const elsewhere = new IdempotencyService(t.handle.db, systemClock, 86_400_000);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let claimed!: () => void;
      const claimedFirst = new Promise<void>((resolve) => (claimed = resolve));
      const first = request('k-elsewhere', { id: 1 }, released, claimed);
      await claimedFirst;
      const second = elsewhere.runClaimingInTransaction(
        customerId,
        'k-elsewhere',
        'POST /x\n{}',
        (steps) =>
          transact(t.handle.db, async (tx) => {
            await steps.claim(tx.trx);
            await steps.complete(tx.trx, 201, { id: 2 });
            return { status: 201, body: { id: 2 } };
          }),
      );
      if (engine === 'postgres') {
        // The key's advisory lock is never waited for: refused while the first is still open.
        await expect(second).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
        release();
      } else {
        // One writer: the second waits for the connection, and finds the first one's answer.
        release();
        expect(await second).toEqual({ status: 201, body: { id: 1 }, replayed: true });
      }
      expect(await first).toEqual({ status: 201, body: { id: 1 }, replayed: false });
    });

    it('leaves no claim behind when the work fails, so the same key runs again', async () => {
      const failing = service().runClaimingInTransaction(customerId, 'k-failed', 'fp', (steps) =>
        transact(t.handle.db, async (tx) => {
          await steps.claim(tx.trx);
          throw new Error('refused');
        }),
      );
      await expect(failing).rejects.toThrow('refused');
      const keys = await t.handle.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('customer_id', '=', customerId)
        .where('key', '=', 'k-failed')
        .execute();
      expect(keys).toEqual([]);
      expect(await request('k-failed', { id: 4 }, Promise.resolve())).toMatchObject({
        body: { id: 4 },
        replayed: false,
      });
    });

    it('answers the same key with another request 422, its work stopped at the claim', async () => {
      await request('k-other', { id: 5 }, Promise.resolve());
      let worked = 0;
      const other = service().runClaimingInTransaction(customerId, 'k-other', 'another', (steps) =>
        transact(t.handle.db, async (tx) => {
          await steps.claim(tx.trx);
          worked++;
          return { status: 201, body: {} };
        }),
      );
      await expect(other).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      expect(worked).toBe(0);
    });
  },
);
