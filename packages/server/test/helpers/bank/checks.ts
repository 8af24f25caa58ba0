import type { Db } from '../../../src/db/database.js';
import type { Asset } from '../../../src/lib/money.js';
import type { LedgerEntryRow } from '../../../src/ledger/ledger.tables.js';
import { EXPECTED_JOURNALS, POSTED_ON_REQUEST } from './operation-mix.js';
import type { BalanceRead, SnapshotSum } from './observers.js';
import { minorOf, type BankWorld } from './world.js';

/**
 * The bank test's judgements (in the spirit of Jepsen's bank test). Each returns the violations
 * it found as sentences; [] means the property held. They read the database after the run and
 * compare it with what the readers saw during it.
 */

export interface BalanceState {
  available: bigint;
  pending: bigint;
}

/** One balance row's history: its states after each journal that touched it, from (0, 0). */
export interface RowHistory {
  states: BalanceState[];
  /** The row's AVAILABLE entries in booking order: what its statement must list. */
  statement: LedgerEntryRow[];
  /** The step (index in states) each journal that touched the row produced. */
  journalSteps: Map<string, number>;
}

/** An operation the API acknowledged (its 201 arrived) at `respondedAt` (performance.now()). */
export interface Acknowledged {
  operationId: string;
  respondedAt: number;
}

/** A read of the row sent after `after` must be at `step` or later. */
interface Floor {
  after: number;
  step: number;
}

const rowKey = (accountId: string, asset: Asset) => `${accountId}|${asset}`;

/**
 * Every customer row's history from ledger_entries (both buckets), in booking order (position,
 * id). Entries of one journal on one row are one step (e.g. a hold: available −x, pending +x).
 * Each entry's balance_after must continue its bucket's chain (previous value ± amount).
 */
export async function rowHistories(
  db: Db,
  accountIds: readonly string[],
  violations: string[],
): Promise<Map<string, RowHistory>> {
  const entries = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('asset')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const histories = new Map<string, RowHistory>();
  let lastJournal: string | undefined;
  for (const entry of entries) {
    const key = rowKey(entry.account_id, entry.asset);
    let history = histories.get(key);
    if (!history) {
      history = {
        states: [{ available: 0n, pending: 0n }],
        statement: [],
        journalSteps: new Map(),
      };
      histories.set(key, history);
      lastJournal = undefined;
    }
    const current = history.states[history.states.length - 1]!;
    const next = entry.journal_id === lastJournal ? current : { ...current };
    if (next !== current) history.states.push(next);
    lastJournal = entry.journal_id;
    history.journalSteps.set(entry.journal_id, history.states.length - 1);
    const bucket = entry.bucket === 'AVAILABLE' ? 'available' : 'pending';
    const expected = next[bucket] + (entry.direction === 'CREDIT' ? entry.amount : -entry.amount);
    if (entry.balance_after !== expected) {
      violations.push(
        `${key}: entry ${entry.id} says ${bucket} ${entry.balance_after} after it, the chain says ${expected}`,
      );
    }
    next[bucket] = entry.balance_after;
    if (entry.bucket === 'AVAILABLE') history.statement.push(entry);
  }
  return histories;
}

/**
 * Per row, the steps that reads must have reached by a time: each journal an operation posts in
 * its creating request (POSTED_ON_REQUEST) committed before its 201 arrived.
 */
export async function realTimeFloors(
  db: Db,
  acknowledged: readonly Acknowledged[],
  histories: ReadonlyMap<string, RowHistory>,
): Promise<Map<string, Floor[]>> {
  const journals = await db
    .selectFrom('ledger_journals')
    .innerJoin('operations', 'operations.id', 'ledger_journals.operation_id')
    .select([
      'ledger_journals.id',
      'ledger_journals.kind',
      'operations.id as operationId',
      'operations.type',
    ])
    .execute();
  const respondedAt = new Map(acknowledged.map((a) => [a.operationId, a.respondedAt]));
  const floors = new Map<string, Floor[]>();
  for (const journal of journals) {
    const after = respondedAt.get(journal.operationId);
    if (after === undefined || !POSTED_ON_REQUEST[journal.type]?.includes(journal.kind)) continue;
    for (const [key, history] of histories) {
      const step = history.journalSteps.get(journal.id);
      if (step !== undefined) floors.set(key, [...(floors.get(key) ?? []), { after, step }]);
    }
  }
  return floors;
}

/**
 * Every balance read equals a state of its row's history (a prefix of its statement); the reads
 * of one reader never go back in that history (each later read is at the same step or a later
 * one); and a read sent after an operation's 201 shows what that request posted (`floors`).
 * Returns how many reads were checked.
 */
export function checkReads(
  reads: readonly BalanceRead[],
  histories: ReadonlyMap<string, RowHistory>,
  floors: ReadonlyMap<string, readonly Floor[]>,
  violations: string[],
): number {
  const lastStep = new Map<string, number>();
  const ordered = [...reads].sort((a, b) =>
    a.reader === b.reader ? a.seq - b.seq : a.reader < b.reader ? -1 : 1,
  );
  for (const read of ordered) {
    const key = rowKey(read.accountId, read.asset);
    const states = histories.get(key)?.states ?? [{ available: 0, pending: 0 }];
    const readerKey = `${read.reader}|${key}`;
    const floor = Math.max(
      0,
      ...(floors.get(key) ?? []).filter((f) => f.after < read.startedAt).map((f) => f.step),
    );
    const from = Math.max(lastStep.get(readerKey) ?? 0, floor);
    let step = -1;
    for (let i = from; i < states.length; i += 1) {
      if (states[i]!.available === read.available && states[i]!.pending === read.pending) {
        step = i;
        break;
      }
    }
    if (step < 0) {
      const anywhere = states.some(
        (s) => s.available === read.available && s.pending === read.pending,
      );
      violations.push(
        `${key}: ${read.reader} read #${read.seq} (available ${read.available}, pending ${read.pending}) ${
          anywhere
            ? `is only at a step before ${from} (this reader's last ${lastStep.get(readerKey) ?? 0}, acknowledged ${floor}): it went back in time`
            : 'is no prefix of the statement'
        }`,
      );
      continue;
    }
    lastStep.set(readerKey, step);
    if (read.available < 0 || read.pending < 0) {
      violations.push(`${key}: ${read.reader} read #${read.seq} is negative`);
    }
  }
  return reads.length;
}

/**
 * GET /v1/accounts/{id}/statement?asset= (every page, oldest first) lists exactly the row's
 * AVAILABLE entries, in booking order, with the same amounts and balances after. Returns how
 * many entries were compared.
 */
export async function checkStatements(
  { t, accounts }: BankWorld,
  assets: readonly Asset[],
  histories: ReadonlyMap<string, RowHistory>,
  violations: string[],
): Promise<number> {
  let compared = 0;
  for (const account of accounts) {
    for (const asset of assets) {
      const listed: { id: string; direction: string; amount: string; balanceAfter: string }[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `asset=${asset}&sortOrder=ASCENDING&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await t.as(account.customer.token, {
          method: 'GET',
          url: `/v1/accounts/${account.id}/statement?${query}`,
        });
        if (res.statusCode !== 200) throw new Error(`statement: ${res.statusCode} ${res.body}`);
        const page = res.json<{ data: typeof listed; meta: { nextCursor: string | null } }>();
        listed.push(...page.data);
        cursor = page.meta.nextCursor;
      } while (cursor !== null);
      const key = rowKey(account.id, asset);
      const expected = histories.get(key)?.statement ?? [];
      const render = (e: { id: string; direction: string; amount: bigint; after: bigint }) =>
        `${e.id} ${e.direction} ${e.amount} → ${e.after}`;
      const got = listed.map((e) =>
        render({ ...e, amount: minorOf(e.amount), after: minorOf(e.balanceAfter) }),
      );
      const want = expected.map((e) => render({ ...e, after: e.balance_after }));
      if (got.join('\n') !== want.join('\n')) {
        violations.push(`${key}: the statement is not the row's available entries in order`);
      }
      compared += listed.length;
    }
  }
  return compared;
}

/** Σ over every account, system ones included, is zero per asset; no customer row negative. */
export function checkSnapshots(sums: readonly SnapshotSum[][], violations: string[]): number {
  for (const [n, snapshot] of sums.entries()) {
    for (const s of snapshot) {
      if (s.total !== 0) violations.push(`snapshot #${n}: ${s.asset} sums to ${s.total}, not 0`);
      if ((s.minAvailable ?? 0) < 0 || (s.minPending ?? 0) < 0) {
        violations.push(
          `snapshot #${n}: a customer ${s.asset} balance is negative (${s.minAvailable}, ${s.minPending})`,
        );
      }
    }
  }
  return sums.length;
}

const TERMINAL = ['COMPLETED', 'FAILED'] as const;

/**
 * Every operation is terminal, with exactly one OPERATION_REQUESTED and exactly one terminal
 * event matching its status (none of the other), and the journals its outcome calls for.
 */
export async function checkOperations(db: Db, violations: string[]): Promise<OperationFigures> {
  const operations = await db.selectFrom('operations').select(['id', 'type', 'status']).execute();
  const events = await db
    .selectFrom('events')
    .select(['resource_id', 'type'])
    .where('resource', '=', 'OPERATION')
    .execute();
  const journals = await db
    .selectFrom('ledger_journals')
    .select(['operation_id', 'kind'])
    .where('operation_id', 'is not', null)
    .execute();
  const count = new Map<string, number>();
  for (const e of events)
    count.set(`${e.resource_id}|${e.type}`, (count.get(`${e.resource_id}|${e.type}`) ?? 0) + 1);
  const journalKinds = new Map<string, string[]>();
  for (const j of journals)
    journalKinds.set(j.operation_id!, [...(journalKinds.get(j.operation_id!) ?? []), j.kind]);

  const figures: OperationFigures = {};
  for (const op of operations) {
    const line = (figures[op.type] ??= { COMPLETED: 0, FAILED: 0, other: 0 });
    const status = op.status as (typeof TERMINAL)[number];
    if (!(TERMINAL as readonly string[]).includes(op.status)) {
      line.other += 1;
      violations.push(`${op.type} ${op.id} ended ${op.status}, not COMPLETED or FAILED`);
      continue;
    }
    line[status] += 1;
    const n = (type: string) => count.get(`${op.id}|${type}`) ?? 0;
    const completed = n('OPERATION_COMPLETED');
    const failed = n('OPERATION_FAILED');
    if (n('OPERATION_REQUESTED') !== 1) {
      violations.push(`${op.id}: ${n('OPERATION_REQUESTED')} OPERATION_REQUESTED events, not 1`);
    }
    const wanted = status === 'COMPLETED' ? [1, 0] : [0, 1];
    if (completed !== wanted[0] || failed !== wanted[1]) {
      violations.push(
        `${op.id} is ${status} with ${completed} OPERATION_COMPLETED and ${failed} OPERATION_FAILED events`,
      );
    }
    const expected = EXPECTED_JOURNALS[op.type]?.[status];
    const posted = [...(journalKinds.get(op.id) ?? [])].sort();
    if (expected && !expected.some((set) => set.join(',') === posted.join(','))) {
      violations.push(
        `${op.id} (${op.type} ${status}) posted [${posted.join(', ')}], not ${expected.map((set) => `[${set.join(', ')}]`).join(' or ')}`,
      );
    }
  }
  return figures;
}

/** Per operation type: how many ended COMPLETED, FAILED, or (a violation) otherwise. */
export type OperationFigures = Partial<
  Record<string, { COMPLETED: number; FAILED: number; other: number }>
>;
