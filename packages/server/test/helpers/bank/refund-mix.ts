import type { Db } from '../../../src/db/database.js';
import { formatAmount } from '../../../src/lib/money.js';
import { asAdmin } from '../admin.js';
import type { BankOperationKind, Started } from './operation-mix.js';
import type { Rng } from './rng.js';
import { MAGIC_ENDINGS } from './magic-endings.js';

/** Every `n`th refund ends in 66 minor units: the rail rejects it and the amount comes back. */
let refunds = 0;
const refundMagic = (): boolean => (refunds += 1) % 5 === 0;

function amountUpTo(rng: Rng, max: number, magic66: boolean): number {
  const amount = rng.int(100, max);
  if (magic66) return amount - (amount % 100) + 66;
  // Neither 66 nor 77 (held for the back-office: docs/sandbox.md) unless asked.
  return MAGIC_ENDINGS.includes(amount % 100) ? amount + 1 : amount;
}

/**
 * A PIX refund of one of the account's COMPLETED BRL deposits (every account has its funding
 * deposit): part of it, now and then all that remains (no `amount`), one in five ending in 66
 * (rejected by the rail: released, refundable again). Refusals are expected and fine: 422
 * REFUND_AMOUNT_EXCEEDED when earlier refunds took it, INSUFFICIENT_BALANCE when the money moved on.
 */
export const pixRefundKind: BankOperationKind = {
  name: 'pix refund',
  weight: 2,
  async start({ t }, account, rng): Promise<Started> {
    const list = await t.as(account.customer.token, {
      method: 'GET',
      url: `/v1/operations?type=DEPOSIT&status=COMPLETED&accountId=${account.id}&limit=100`,
    });
    const deposits = list
      .json<{ data: { id: string; asset: string }[] }>()
      .data.filter((d) => d.asset === 'BRL');
    if (deposits.length === 0) return { kind: 'refused', status: 0, code: 'NO_BRL_DEPOSIT' };
    const deposit = rng.pick(deposits);
    const whole = rng.int(0, 9) === 0;
    const amount = formatAmount(BigInt(amountUpTo(rng, 30_000, refundMagic())), 'BRL');
    const res = await t.as(account.customer.token, {
      method: 'POST',
      url: `/v1/operations/${deposit.id}/refunds`,
      payload: { ...(whole ? {} : { amount }), reason: 'Bank test refund' },
    });
    if (res.statusCode === 201) {
      return { kind: 'created', operationIds: [res.json<{ id: string }>().id] };
    }
    return {
      kind: 'refused',
      status: res.statusCode,
      code: res.json<{ code?: string }>().code ?? '?',
    };
  },
};

/**
 * Once everything is terminal: each deposit's refunded total is exactly the sum of its refunds
 * that did not fail, and never above what it received.
 */
export async function checkRefunds(db: Db, violations: string[]): Promise<number> {
  const rows = await db
    .selectFrom('operations')
    .select(['id', 'type', 'status', 'amount', 'details'])
    .where('type', 'in', ['DEPOSIT', 'PIX_REFUND'])
    .execute();
  const refunded = new Map<string, bigint>();
  for (const r of rows) {
    if (r.type !== 'PIX_REFUND' || r.status === 'FAILED') continue;
    const { originalOperationId } = JSON.parse(r.details) as { originalOperationId: string };
    refunded.set(originalOperationId, (refunded.get(originalOperationId) ?? 0n) + BigInt(r.amount));
  }
  let checked = 0;
  for (const d of rows) {
    if (d.type !== 'DEPOSIT') continue;
    // Stored as a decimal string of minor units (lib/money-json.ts), or a number before.
    const details = JSON.parse(d.details) as {
      refundedAmount?: string | number;
      receivedAmount: string | number | null;
    };
    const counted = BigInt(details.refundedAmount ?? 0);
    const sum = refunded.get(d.id) ?? 0n;
    if (counted !== sum)
      violations.push(`deposit ${d.id} counts ${counted} refunded, its refunds ${sum}`);
    if (sum > BigInt(details.receivedAmount ?? d.amount)) {
      violations.push(`deposit ${d.id} refunded ${sum}, more than it received`);
    }
    if (sum > 0n) checked += 1;
  }
  return checked;
}

/**
 * The back-office reverses one of the account's COMPLETED deposits or withdrawals (admin API).
 * Refusals are expected: 409 ALREADY_REVERSED, 409 INVALID_STATE (refunded in full, converted),
 * 422 INSUFFICIENT_BALANCE (the deposit's money moved on).
 */
export const reversalKind: BankOperationKind = {
  name: 'reversal',
  weight: 2,
  async start({ t }, account, rng): Promise<Started> {
    const type = rng.pick(['DEPOSIT', 'WITHDRAWAL'] as const);
    const list = await t.as(account.customer.token, {
      method: 'GET',
      url: `/v1/operations?type=${type}&status=COMPLETED&accountId=${account.id}&limit=100`,
    });
    const done = list.json<{ data: { id: string }[] }>().data;
    if (done.length === 0) return { kind: 'refused', status: 0, code: `NO_${type}` };
    const res = await asAdmin(t, {
      method: 'POST',
      url: `/admin/v1/operations/${rng.pick(done).id}/reverse`,
      payload: { reason: { code: 'BANK_TEST', message: 'Bank test reversal' } },
    });
    if (res.statusCode === 201) {
      return {
        kind: 'created',
        operationIds: [res.json<{ operation: { id: string } }>().operation.id],
      };
    }
    return {
      kind: 'refused',
      status: res.statusCode,
      code: res.json<{ code?: string }>().code ?? '?',
    };
  },
};
