import type { JournalKind } from '../../../src/ledger/ledger.tables.js';
import { formatAmount } from '../../../src/lib/money.js';
import type { OperationType } from '../../../src/operations/operation-states.js';
import type { Rng } from './rng.js';
import { BANK_ASSETS, type BankAccount, type BankAsset, type BankWorld } from './world.js';
import { MAGIC_ENDINGS } from './magic-endings.js';

/**
 * The kinds of operation the bank test mixes (test/integration/bank.consistency.test.ts). Adding
 * one — swaps, PIX payments, order fills and cancels — is a new BankOperationKind (a file next to
 * this one) added to the test's MIX: `start` makes one random request through the API, and
 * `journals` says which ledger journals each outcome must leave. Nothing else changes: the
 * readers, the waiting and every check work on whatever operations exist.
 */
export interface BankOperationKind {
  /** A label for the figures (e.g. "withdrawal"). */
  name: string;
  /** Relative frequency in the mix. */
  weight: number;
  /** One random request of this kind on `account`. */
  start(world: BankWorld, account: BankAccount, rng: Rng): Promise<Started>;
}

/**
 * What one request did: created operations (usually one; a kind that places an order and then
 * cancels it may return after both requests), or a refusal the API answered with a code (e.g.
 * 422 INSUFFICIENT_BALANCE: nothing may have moved, which the ledger checks confirm).
 */
export type Started =
  { kind: 'created'; operationIds: string[] } | { kind: 'refused'; status: number; code: string };

/**
 * The journal kinds, sorted, that an operation of `type` ending in `status` must have posted
 * (ledger_journals.operation_id): exactly one terminal state means exactly one set of movements.
 * A type absent here is not checked this way (add its entry with its kind).
 */
export const EXPECTED_JOURNALS: Partial<
  Record<OperationType, Record<'COMPLETED' | 'FAILED', JournalKind[][]>>
> = {
  // Each entry lists the sets allowed (sorted kinds); an operation must match one of them.
  // Paid: clearing → available once; expired (the 66 magic value): nothing ever moved.
  DEPOSIT: { COMPLETED: [['DEPOSIT']], FAILED: [[]] },
  // Held at creation, then captured (paid out) or released (the rail rejected it), once.
  WITHDRAWAL: { COMPLETED: [['CAPTURE', 'HOLD']], FAILED: [['HOLD', 'RELEASE']] },
  PIX_PAYMENT: { COMPLETED: [['CAPTURE', 'HOLD']], FAILED: [['HOLD', 'RELEASE']] },
  PIX_REFUND: { COMPLETED: [['CAPTURE', 'HOLD']], FAILED: [['HOLD', 'RELEASE']] },
  // The back-office's reversal: one journal, in its request; it never fails.
  REVERSAL: { COMPLETED: [['REVERSAL']], FAILED: [] },
  // Held, then both legs and the fee in one EXCHANGE journal, or released.
  SWAP: { COMPLETED: [['EXCHANGE', 'HOLD']], FAILED: [['HOLD', 'RELEASE']] },
  // MARKET: one EXCHANGE straight from available; LIMIT: held, then filled or released.
  ORDER: { COMPLETED: [['EXCHANGE'], ['EXCHANGE', 'HOLD']], FAILED: [['HOLD', 'RELEASE']] },
  // One journal on both accounts, in the request; a transfer never ends FAILED.
  TRANSFER: { COMPLETED: [['TRANSFER']], FAILED: [] },
};

/**
 * The journal kinds an operation of `type` posts inside its creating request, so committed
 * before its 201: a balance read sent after that answer must show them (the real-time check).
 */
export const POSTED_ON_REQUEST: Partial<Record<OperationType, JournalKind[]>> = {
  WITHDRAWAL: ['HOLD'],
  PIX_PAYMENT: ['HOLD'],
  PIX_REFUND: ['HOLD'],
  REVERSAL: ['REVERSAL'],
  SWAP: ['HOLD'],
  // A LIMIT order's hold; a MARKET order's EXCHANGE is on request too, but a LIMIT fill's
  // EXCHANGE comes later, and the two cannot be told apart here, so only HOLD is a floor.
  ORDER: ['HOLD'],
  TRANSFER: ['TRANSFER'],
};

/** Amount ranges per asset, in minor units: small enough that many fit in one account. */
const DEPOSIT_RANGE: Record<BankAsset, [number, number]> = {
  BRL: [1_000, 50_000], // 10.00 … 500.00
  USDT: [1_000_000, 100_000_000], // 1 … 100
  BTC: [10_000, 1_000_000], // 0.0001 … 0.01
};

/** An amount in `range`, ending in 66 minor units (the sandbox's failure magic value) or not. */
function amountIn(rng: Rng, [min, max]: [number, number], magic66: boolean): bigint {
  const amount = rng.int(min, max);
  const base = amount - (amount % 100);
  if (magic66) return BigInt(base + 66);
  // Neither 66 nor 77 (held for the back-office: docs/sandbox.md) unless asked.
  return BigInt(MAGIC_ENDINGS.includes(amount % 100) ? amount + 1 : amount);
}

/** 201 → the created operation; anything else → the refusal's status and problem code. */
function created(res: { statusCode: number; json<T>(): T }): Started {
  if (res.statusCode === 201) {
    return { kind: 'created', operationIds: [res.json<{ id: string }>().id] };
  }
  return {
    kind: 'refused',
    status: res.statusCode,
    code: res.json<{ code?: string }>().code ?? '?',
  };
}

/** Every `n`th call says yes: the failure paths are always in the mix, however short the run. */
function everyNth(n: number): () => boolean {
  let calls = 0;
  return () => {
    calls += 1;
    return calls % n === 0;
  };
}

const depositMagic = everyNth(8);
const withdrawalMagic = everyNth(5);

/** A deposit the sandbox pays one step later; one in eight ends in 66 and expires unpaid. */
export const depositKind: BankOperationKind = {
  name: 'deposit',
  weight: 3,
  async start({ t }, account, rng) {
    const asset = rng.pick(BANK_ASSETS);
    const amount = amountIn(rng, DEPOSIT_RANGE[asset], depositMagic());
    const res = await t.as(account.customer.token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId: account.id, asset, amount: formatAmount(amount, asset) },
    });
    return created(res);
  },
};

/**
 * A withdrawal to the customer's approved instruction for the asset: held at once (or refused
 * 422 INSUFFICIENT_BALANCE when the account lacks it), paid out a step later; one in five ends
 * in 66 and is rejected by the rail (the hold comes back).
 */
export const withdrawalKind: BankOperationKind = {
  name: 'withdrawal',
  weight: 4,
  async start({ t }, account, rng) {
    const asset = rng.pick(BANK_ASSETS);
    const [min, max] = DEPOSIT_RANGE[asset];
    const amount = amountIn(rng, [Math.floor(min / 2), max], withdrawalMagic());
    const res = await t.as(account.customer.token, {
      method: 'POST',
      url: '/v1/operations/withdrawal',
      payload: {
        accountId: account.id,
        asset,
        amount: formatAmount(amount, asset),
        beneficiary: account.customer.instructions[asset],
      },
    });
    return created(res);
  },
};

/**
 * A BRL deposit and a BRL withdrawal whose amounts end in 66, so the sandbox fails them (the
 * deposit expires unpaid, the rail rejects the withdrawal and its hold comes back): the bank test
 * requests one of each before its random mix, so both failure paths are in every run. The
 * withdrawal (12.66) is far below the account's funding, so it is never refused.
 */
export const failingDepositKind: BankOperationKind = {
  name: 'deposit',
  weight: 0,
  async start({ t }, account) {
    const res = await t.as(account.customer.token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId: account.id, asset: 'BRL', amount: '20.66' },
    });
    return created(res);
  },
};

export const failingWithdrawalKind: BankOperationKind = {
  name: 'withdrawal',
  weight: 0,
  async start({ t }, account) {
    const res = await t.as(account.customer.token, {
      method: 'POST',
      url: '/v1/operations/withdrawal',
      payload: {
        accountId: account.id,
        asset: 'BRL',
        amount: '12.66',
        beneficiary: account.customer.instructions.BRL,
      },
    });
    return created(res);
  },
};

// Swaps, PIX payments and orders: exchange-mix.ts; transfers: transfer-mix.ts.

/** Picks a kind by weight. */
export function pickKind(kinds: readonly BankOperationKind[], rng: Rng): BankOperationKind {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  let roll = rng.next() * total;
  for (const kind of kinds) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return kinds[kinds.length - 1]!;
}
