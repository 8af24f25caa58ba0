import type { Db } from '../../../src/db/database.js';
import { toIso } from '../../../src/lib/clock.js';
import type { Asset } from '../../../src/lib/money.js';
import type { Rng } from './rng.js';
import type { BankAccount, BankWorld } from './world.js';

/**
 * The bank test's check of the past (docs/api.md "Balances and statement"): after the run, for
 * instants spread over it — each at an entry's booking time, one millisecond before it, and
 * between two bookings — GET …/balances?at= must equal a replay of the journal up to that
 * instant, computed here on its own (Σ of signed amounts booked at or before it, in BigInt, never
 * the running balances the server reads); the current balances must equal ?at=now; and a
 * statement for a period must open and close at the replay's values and list exactly the
 * period's available entries, opening + entries = closing per asset.
 */

interface JournalLine {
  id: string;
  accountId: string;
  asset: Asset;
  bucket: 'AVAILABLE' | 'PENDING';
  signed: bigint;
  bookedAt: number;
}

interface WireBalance {
  asset: Asset;
  available: string;
  pending: string;
  total: string;
}

const minor = (text: string): bigint => BigInt(text.replace('.', ''));

/** Instants and periods per account: enough to cover the run without reading it all. */
const INSTANTS_PER_ACCOUNT = 8;
const PERIODS_PER_ACCOUNT = 3;

export interface PointInTimeFigures {
  balancesChecked: number;
  periodsChecked: number;
  periodEntries: number;
}

export async function checkPointInTime(
  world: BankWorld,
  db: Db,
  assets: readonly Asset[],
  rng: Rng,
  violations: string[],
): Promise<PointInTimeFigures> {
  const lines = await journalLines(
    db,
    world.accounts.map((a) => a.id),
  );
  const figures: PointInTimeFigures = { balancesChecked: 0, periodsChecked: 0, periodEntries: 0 };
  // Every operation is terminal and nothing posts any more: "now" is final.
  const now = Date.now();
  for (const account of world.accounts) {
    const own = lines.filter((l) => l.accountId === account.id);
    const instants = pickInstants(own, rng, now);

    const current = await get<{ data: WireBalance[] }>(world, account, 'balances');
    const atNow = await get<{ data: WireBalance[] }>(
      world,
      account,
      `balances?at=${encodeURIComponent(toIso(now))}`,
    );
    if (JSON.stringify(current.data) !== JSON.stringify(atNow.data)) {
      violations.push(`${account.id}: balances now ≠ balances?at=now`);
    }
    for (const at of [...instants, now]) {
      const res = await get<{ at: string; data: WireBalance[] }>(
        world,
        account,
        `balances?at=${encodeURIComponent(toIso(at))}`,
      );
      if (res.at !== toIso(at)) violations.push(`${account.id}: ?at=${toIso(at)} says ${res.at}`);
      compare(`${account.id} at ${toIso(at)}`, res.data, replay(own, assets, at), violations);
      figures.balancesChecked += res.data.length;
    }

    const sorted = [...new Set([...instants, now])].sort((a, b) => a - b);
    for (let p = 0; p < PERIODS_PER_ACCOUNT; p += 1) {
      const i = rng.int(0, sorted.length - 1);
      const [from, to] = [sorted[i]!, sorted[rng.int(i, sorted.length - 1)]!];
      figures.periodEntries += await checkPeriod(world, account, own, assets, from, to, violations);
      figures.periodsChecked += 1;
    }
  }
  return figures;
}

/** Every page of a period's statement, oldest first, against the replay. Returns its length. */
async function checkPeriod(
  world: BankWorld,
  account: BankAccount,
  own: readonly JournalLine[],
  assets: readonly Asset[],
  from: number,
  to: number,
  violations: string[],
): Promise<number> {
  const label = `${account.id} (${toIso(from)}, ${toIso(to)}]`;
  type Page = {
    data: { id: string; asset: Asset; direction: string; amount: string }[];
    meta: { nextCursor: string | null };
    period: { from: string; to: string; opening: WireBalance[]; closing: WireBalance[] };
  };
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      from: toIso(from),
      to: toIso(to),
      sortOrder: 'ASCENDING',
      limit: '25',
      ...(cursor ? { cursor } : {}),
    });
    const page: Page = await get<Page>(world, account, `statement?${query.toString()}`);
    pages.push(page);
    cursor = page.meta.nextCursor;
  } while (cursor !== null);
  const period = pages[0]!.period;
  if (pages.some((p) => JSON.stringify(p.period) !== JSON.stringify(period))) {
    violations.push(`${label}: the period differs between pages`);
  }
  compare(`${label} opening`, period.opening, replay(own, assets, from), violations);
  compare(`${label} closing`, period.closing, replay(own, assets, to), violations);

  const listed = pages.flatMap((p) => p.data);
  const expected = own.filter(
    (l) => l.bucket === 'AVAILABLE' && l.bookedAt > from && l.bookedAt <= to,
  );
  if (listed.map((e) => e.id).join() !== expected.map((l) => l.id).join()) {
    violations.push(`${label}: lists ${listed.length} entries, the journal has ${expected.length}`);
  }
  for (const opening of period.opening) {
    const closing = period.closing.find((c) => c.asset === opening.asset);
    const moved = listed
      .filter((e) => e.asset === opening.asset)
      .reduce((sum, e) => sum + (e.direction === 'CREDIT' ? 1n : -1n) * minor(e.amount), 0n);
    if (!closing || minor(opening.available) + moved !== minor(closing.available)) {
      violations.push(
        `${label} ${opening.asset}: opening ${opening.available} + ${moved} ≠ closing ${closing?.available}`,
      );
    }
  }
  return listed.length;
}

/** The account's journal lines in booking order (position, id), as the test reads them. */
async function journalLines(db: Db, accountIds: readonly string[]): Promise<JournalLine[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['id', 'account_id', 'asset', 'bucket', 'direction', 'amount', 'created_at'])
    .where('account_id', 'in', accountIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    asset: r.asset,
    bucket: r.bucket,
    signed: (r.direction === 'CREDIT' ? 1n : -1n) * BigInt(r.amount),
    bookedAt: Number(r.created_at),
  }));
}

/** Σ of the signed lines booked at or before `at`, per asset and bucket. */
function replay(
  own: readonly JournalLine[],
  assets: readonly Asset[],
  at: number,
): Map<Asset, { available: bigint; pending: bigint }> {
  const sums = new Map(assets.map((a) => [a, { available: 0n, pending: 0n }]));
  for (const line of own) {
    if (line.bookedAt > at) continue;
    const sum = sums.get(line.asset)!;
    if (line.bucket === 'AVAILABLE') sum.available += line.signed;
    else sum.pending += line.signed;
  }
  return sums;
}

function compare(
  label: string,
  got: readonly WireBalance[],
  want: ReadonlyMap<Asset, { available: bigint; pending: bigint }>,
  violations: string[],
): void {
  const render = (asset: Asset, available: bigint, pending: bigint) =>
    `${asset} ${available}/${pending}/${available + pending}`;
  const gotText = got
    .map((b) => render(b.asset, minor(b.available), minor(b.pending)))
    .sort()
    .join(', ');
  const gotTotals = got.every((b) => minor(b.total) === minor(b.available) + minor(b.pending));
  const wantText = [...want]
    .map(([asset, s]) => render(asset, s.available, s.pending))
    .sort()
    .join(', ');
  if (gotText !== wantText || !gotTotals) {
    violations.push(`${label}: the API says ${gotText}, the replay ${wantText}`);
  }
}

/**
 * Instants over the account's history: the booking time of random entries, a millisecond before
 * one (between it and what came before), and midway between two bookings; and its first booking
 * less one (nothing yet).
 */
function pickInstants(own: readonly JournalLine[], rng: Rng, now: number): number[] {
  const times = [...new Set(own.map((l) => l.bookedAt))].sort((a, b) => a - b);
  if (times.length === 0) return [now];
  const instants = new Set<number>([times[0]! - 1]);
  for (
    let tries = 0;
    instants.size < INSTANTS_PER_ACCOUNT && tries < 10 * INSTANTS_PER_ACCOUNT;
    tries += 1
  ) {
    const i = rng.int(0, times.length - 1);
    const choice = rng.int(0, 2);
    if (choice === 0) instants.add(times[i]!);
    else if (choice === 1) instants.add(times[i]! - 1);
    else if (i + 1 < times.length) instants.add(Math.floor((times[i]! + times[i + 1]!) / 2));
    else instants.add(Math.min(now, times[i]! + 1));
  }
  return [...instants];
}

async function get<T>(world: BankWorld, account: BankAccount, path: string): Promise<T> {
  const res = await world.t.as(account.customer.token, {
    method: 'GET',
    url: `/v1/accounts/${account.id}/${path}`,
  });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}
