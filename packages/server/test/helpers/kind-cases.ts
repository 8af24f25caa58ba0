import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ManualClock } from '../../src/lib/clock.js';
import type { OperationStatus, OperationType } from '../../src/operations/operation-states.js';
import { asAdmin } from './admin.js';
import type { TestApp } from './test-app.js';
import { receivedDeposit } from './world.js';

/**
 * The kind-conformance table (test/integration/kinds.conformance.test.ts): for every registered
 * kind, how to request one that completes and one that fails (the sandbox's magic values,
 * docs/sandbox.md), what its history must then be, and one request of it the API refuses.
 * Keyed by OperationType, so a kind registered without its cases does not compile; the suite
 * drives each the same way (request, replay, each step, events, journals, ledger verify).
 */

/** What the cases run in: one customer's account holding BRL and USDT, another account of theirs, an approved BRL beneficiary. */
export interface KindWorld {
  t: TestApp;
  clock: ManualClock;
  token: string;
  accountId: string;
  otherAccountId: string;
  beneficiary: { id: string; paymentInstructionId: string };
}

/** One request: the customer's (with their token), or the back-office's. */
export interface KindRequest {
  url: string;
  payload: Record<string, unknown>;
  admin?: boolean;
}

/** One way an operation of the kind goes, from its request to a final state. */
export interface KindPath {
  name: string;
  /** Its request (after any set-up it needs, e.g. a quote or a received deposit). */
  request(w: KindWorld): Promise<KindRequest>;
  /** What happens after the answer, before the sandbox's steps (e.g. the customer cancels). */
  then?(w: KindWorld, operationId: string): Promise<void>;
  /** Its state history once final. */
  states: OperationStatus[];
  /** The reason's code when it ends FAILED. */
  reason?: string;
}

export interface KindCase {
  paths: KindPath[];
  /** Whether the request accepts Idempotency-Key (every customer request does). */
  idempotent: boolean;
  /** A request of the kind refused with nothing moved. */
  refusal: { request(w: KindWorld): Promise<KindRequest>; status: number; code: string };
}

const MARIA = { keyType: 'EMAIL', key: 'maria@example.com' };
const UNKNOWN_OPERATION = 'op_01JD6Q3W8ZK2C1V7R4X9B5N0AR';
const UNKNOWN_ACCOUNT = 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR';
const REASON = { code: 'CUSTOMER_DISPUTE', message: 'The customer disputed the deposit.' };
const REQUESTED_TO: Record<'COMPLETED' | 'FAILED', OperationStatus[]> = {
  COMPLETED: ['REQUESTED', 'PROCESSING', 'COMPLETED'],
  FAILED: ['REQUESTED', 'PROCESSING', 'FAILED'],
};

/** Sends a case's request, with `headers` (e.g. an Idempotency-Key). */
export function send(
  w: KindWorld,
  request: KindRequest,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const options = { method: 'POST' as const, url: request.url, payload: request.payload, headers };
  return request.admin ? asAdmin(w.t, options) : w.t.as(w.token, options);
}

const customer = (url: string, payload: Record<string, unknown>): KindRequest => ({
  url: `/v1/operations/${url}`,
  payload,
});

/** A BRL → USDT quote of the account, for `sourceAmount`. */
async function quoted(w: KindWorld, sourceAmount: string): Promise<KindRequest> {
  const res = await w.t.as(w.token, {
    method: 'POST',
    url: '/v1/quotes',
    payload: { accountId: w.accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return customer('swap', { accountId: w.accountId, quoteId: res.json<{ id: string }>().id });
}

const withdrawal = (w: KindWorld, amount: string) =>
  customer('withdrawal', {
    accountId: w.accountId,
    asset: 'BRL',
    amount,
    beneficiary: w.beneficiary,
  });

const market = (w: KindWorld, amount: string) =>
  customer('order', {
    accountId: w.accountId,
    side: 'BUY',
    baseAsset: 'USDT',
    quoteAsset: 'BRL',
    type: 'MARKET',
    amount,
  });

/** A refund of a BRL PIX deposit the sandbox received (a step on the clock). */
async function refund(w: KindWorld, amount: string): Promise<KindRequest> {
  const deposit = await receivedDeposit(w.t, w.clock, w.token, w.accountId, '30.00');
  return customer(`${deposit}/refunds`, { reason: 'Order cancelled', amount });
}

/**
 * A rail kind's two answers in the sandbox: `whole`.00 is taken and paid; `whole`.66 (an amount
 * ending in 66) is taken and rejected, RAIL_REJECTED.
 */
function railPaths(
  names: { paid: string; rejected: string },
  request: (w: KindWorld, amount: string) => Promise<KindRequest>,
  whole: number,
): KindPath[] {
  return [
    { name: names.paid, request: (w) => request(w, `${whole}.00`), states: REQUESTED_TO.COMPLETED },
    {
      name: `${names.rejected} (amount ending in 66)`,
      request: (w) => request(w, `${whole}.66`),
      states: REQUESTED_TO.FAILED,
      reason: 'RAIL_REJECTED',
    },
  ];
}

const pixPayment = (w: KindWorld, amount: string) =>
  Promise.resolve(customer('pixPayment', { accountId: w.accountId, amount, pixKey: MARIA }));

export const KIND_CASES: Record<OperationType, KindCase> = {
  DEPOSIT: {
    idempotent: true,
    paths: [
      {
        name: 'paid by the sandbox one step later',
        request: (w) =>
          Promise.resolve(
            customer('deposit', { accountId: w.accountId, asset: 'BRL', amount: '25.00' }),
          ),
        states: REQUESTED_TO.COMPLETED,
      },
      {
        name: 'never paid (amount ending in 66): expires',
        request: (w) =>
          Promise.resolve(
            customer('deposit', { accountId: w.accountId, asset: 'BRL', amount: '20.66' }),
          ),
        states: ['REQUESTED', 'FAILED'],
        reason: 'DEPOSIT_EXPIRED',
      },
    ],
    refusal: {
      request: () =>
        Promise.resolve(
          customer('deposit', { accountId: UNKNOWN_ACCOUNT, asset: 'BRL', amount: '1.00' }),
        ),
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
    },
  },
  WITHDRAWAL: {
    idempotent: true,
    paths: railPaths(
      { paid: 'paid out by the rail', rejected: 'rejected by the rail' },
      (w, amount) => Promise.resolve(withdrawal(w, amount)),
      12,
    ),
    refusal: {
      request: (w) => Promise.resolve(withdrawal(w, '999999.00')),
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
    },
  },
  SWAP: {
    idempotent: true,
    paths: railPaths(
      { paid: 'converted by the desk', rejected: 'rejected by the desk' },
      quoted,
      40,
    ),
    refusal: { request: (w) => quoted(w, '999999.00'), status: 422, code: 'INSUFFICIENT_BALANCE' },
  },
  ORDER: {
    idempotent: true,
    paths: [
      {
        name: 'a MARKET order, filled in its request',
        request: (w) => Promise.resolve(market(w, '2')),
        states: REQUESTED_TO.COMPLETED,
      },
      {
        name: 'a LIMIT order that never fills (price ending in 66), cancelled',
        request: (w) =>
          Promise.resolve(
            customer('order', {
              accountId: w.accountId,
              side: 'BUY',
              baseAsset: 'USDT',
              quoteAsset: 'BRL',
              type: 'LIMIT',
              amount: '1',
              // Crosses every sandbox price, and never fills (docs/sandbox.md).
              limitPrice: '6.66',
            }),
          ),
        async then(w, operationId) {
          const res = await w.t.as(w.token, {
            method: 'POST',
            url: `/v1/operations/${operationId}/cancel`,
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        states: REQUESTED_TO.FAILED,
        reason: 'CANCELLED_BY_CUSTOMER',
      },
    ],
    refusal: {
      request: (w) => Promise.resolve(market(w, '9999999')),
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
    },
  },
  PIX_PAYMENT: {
    idempotent: true,
    paths: railPaths(
      { paid: 'paid by the rail', rejected: 'rejected by the rail' },
      pixPayment,
      10,
    ),
    refusal: {
      request: (w) => pixPayment(w, '999999.00'),
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
    },
  },
  TRANSFER: {
    idempotent: true,
    paths: [
      {
        name: 'completed in its request',
        request: (w) =>
          Promise.resolve(
            customer('transfer', {
              accountId: w.accountId,
              destinationAccountId: w.otherAccountId,
              asset: 'BRL',
              amount: '15.00',
            }),
          ),
        states: REQUESTED_TO.COMPLETED,
      },
    ],
    refusal: {
      request: (w) =>
        Promise.resolve(
          customer('transfer', {
            accountId: w.accountId,
            destinationAccountId: w.accountId,
            asset: 'BRL',
            amount: '1.00',
          }),
        ),
      status: 422,
      code: 'SAME_ACCOUNT',
    },
  },
  PIX_REFUND: {
    idempotent: true,
    paths: railPaths(
      { paid: 'returned by the rail', rejected: "rejected by the payer's institution" },
      refund,
      10,
    ),
    refusal: {
      request: () =>
        Promise.resolve(customer(`${UNKNOWN_OPERATION}/refunds`, { reason: 'Not mine' })),
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
    },
  },
  REVERSAL: {
    // The back-office's: no Idempotency-Key (a second reversal of one deposit is refused).
    idempotent: false,
    paths: [
      {
        name: 'a received deposit reversed by the back-office',
        async request(w) {
          const deposit = await receivedDeposit(w.t, w.clock, w.token, w.accountId, '18.00');
          return {
            url: `/admin/v1/operations/${deposit}/reverse`,
            payload: { reason: REASON },
            admin: true,
          };
        },
        states: REQUESTED_TO.COMPLETED,
      },
    ],
    refusal: {
      request: () =>
        Promise.resolve({
          url: `/admin/v1/operations/${UNKNOWN_OPERATION}/reverse`,
          payload: { reason: REASON },
          admin: true,
        }),
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
    },
  },
};
