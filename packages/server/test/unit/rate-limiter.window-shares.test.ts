import { describe, expect, it } from 'vitest';
import { WindowShares, type LocalCount, type SharedCount } from '../../src/lib/rate-limiter.js';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1, 12, 0, 0);

/** The rows every simulated process wrote, as rate_limit_counts holds them. */
class FakeStore {
  private readonly rows = new Map<string, LocalCount & { process: string; window: number }>();
  read(process: string, window: number, clientIds: readonly string[]): SharedCount[] {
    return clientIds.flatMap((clientId) => {
      const others = [...this.rows.values()].filter(
        (r) => r.clientId === clientId && r.window === window && r.process !== process,
      );
      if (others.length === 0) return [];
      return [
        {
          clientId,
          others: others.reduce((s, r) => s + r.count, 0),
          claimed: others.reduce((s, r) => s + r.claimed, 0),
          processes: others.length,
        },
      ];
    });
  }
  write(process: string, window: number, rows: readonly LocalCount[]): void {
    for (const r of rows)
      this.rows.set(`${r.clientId}|${window}|${process}`, { ...r, process, window });
  }
}

function exchange(shares: WindowShares, store: FakeStore, process: string, now: number): void {
  const window = shares.windowOf(now);
  const clients = shares.pending(now);
  store.write(
    process,
    window,
    shares.settle(window, clients, store.read(process, window, clients)),
  );
}

/** One request as SharedRateLimiter.take makes it: exchanges while asked to, a few rounds. */
function request(
  shares: WindowShares,
  store: FakeStore,
  process: string,
  limit: number,
  now: number,
): string {
  for (let round = 0; round < 8; round++) {
    const d = shares.decide('c1', limit, now);
    if (d.kind === 'allowed' || d.kind === 'limited') return d.kind;
    if (d.kind === 'wait') return 'wait';
    exchange(shares, store, process, now);
  }
  return 'gave up';
}

describe('WindowShares', () => {
  it('asks for an exchange before the first request of a client in a window', () => {
    const shares = new WindowShares(MINUTE);
    expect(shares.decide('c1', 10, START).kind).toBe('exchange');
  });

  it('admits a lone process up to the limit, then refuses until the window ends', () => {
    const shares = new WindowShares(MINUTE);
    const store = new FakeStore();
    const now = START + 15_000;
    const answers = Array.from({ length: 40 }, () => request(shares, store, 'p1', 30, now));
    expect(answers.filter((a) => a === 'allowed')).toHaveLength(30);
    expect(answers.slice(30).every((a) => a === 'limited')).toBe(true);
    expect(shares.decide('c1', 30, now)).toEqual({
      kind: 'limited',
      status: { limit: 30, windowSeconds: 60, remaining: 0, resetSeconds: 45 },
    });
    // The next window starts whole (after its first exchange).
    expect(shares.decide('c1', 30, START + MINUTE).kind).toBe('exchange');
  });

  it('claims a share of what the others have not claimed, at least one request', () => {
    const shares = new WindowShares(MINUTE);
    expect(shares.decide('c1', 100, START).kind).toBe('exchange');
    shares.settle(START, ['c1'], [{ clientId: 'c1', others: 10, claimed: 40, processes: 1 }]);
    let admitted = 0;
    while (shares.decide('c1', 100, START).kind === 'allowed') admitted += 1;
    // (100 - 40 claimed) between the two processes seen.
    expect(admitted).toBe(30);
    const rows = shares.settle(
      START,
      ['c1'],
      [{ clientId: 'c1', others: 69, claimed: 69, processes: 1 }],
    );
    expect(rows).toEqual([{ clientId: 'c1', count: 30, claimed: 31 }]);
    expect(shares.decide('c1', 100, START).kind).toBe('allowed');
    expect(shares.decide('c1', 100, START).kind).toBe('limited');
  });

  it('waits for the periodic exchange when the others hold every free request', () => {
    const shares = new WindowShares(MINUTE);
    shares.decide('c1', 100, START);
    shares.settle(START, ['c1'], [{ clientId: 'c1', others: 10, claimed: 100, processes: 1 }]);
    expect(shares.decide('c1', 100, START).kind).toBe('wait');
    // The other process gave back its idle claim.
    shares.settle(START, ['c1'], [{ clientId: 'c1', others: 10, claimed: 10, processes: 1 }]);
    expect(shares.decide('c1', 100, START).kind).toBe('allowed');
  });

  it('exchanges the clients served or holding a claim, and gives an idle claim back', () => {
    const shares = new WindowShares(MINUTE);
    const store = new FakeStore();
    shares.decide('c1', 10, START);
    shares.decide('c2', 10, START);
    expect(shares.pending(START)).toEqual(['c1', 'c2']);
    exchange(shares, store, 'p1', START);
    // Both hold a claim they have not used: the next exchange gives it back.
    expect(shares.pending(START)).toEqual(['c1', 'c2']);
    exchange(shares, store, 'p1', START);
    expect(shares.pending(START)).toEqual([]);
    expect(store.read('p2', START, ['c1'])).toEqual([
      { clientId: 'c1', others: 0, claimed: 0, processes: 1 },
    ]);
    expect(request(shares, store, 'p1', 10, START)).toBe('allowed');
    expect(shares.pending(START)).toEqual(['c1']);
    expect(shares.pending(START + MINUTE)).toEqual([]);
  });

  it('a raised limit takes effect at the next exchange', () => {
    const shares = new WindowShares(MINUTE);
    const store = new FakeStore();
    shares.decide('c1', 1, START);
    exchange(shares, store, 'p1', START);
    expect(shares.decide('c1', 1, START).kind).toBe('allowed');
    expect(shares.decide('c1', 1, START).kind).toBe('limited');
    expect(shares.decide('c1', 5, START).kind).toBe('exchange');
    exchange(shares, store, 'p1', START);
    expect(shares.decide('c1', 5, START).kind).toBe('allowed');
  });

  it.each([1, 2, 3, 5])(
    'keeps %i processes, exchanging on demand and on their timers, within the limit plus one each',
    (n) => {
      const limit = 500;
      const store = new FakeStore();
      const processes = Array.from({ length: n }, () => new WindowShares(MINUTE));
      let admitted = 0;
      let seed = 7;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < limit * 4; i++) {
        const p = Math.floor(random() * n);
        const shares = processes[p];
        if (!shares) throw new Error('no process');
        if (random() < 0.1) exchange(shares, store, `p${p}`, START);
        if (request(shares, store, `p${p}`, limit, START) === 'allowed') admitted += 1;
      }
      expect(admitted).toBeLessThanOrEqual(limit + n);
      expect(admitted).toBeGreaterThanOrEqual(limit * 0.9);
    },
  );
});
