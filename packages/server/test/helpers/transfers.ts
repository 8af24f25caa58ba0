import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OperationBody } from './operations.js';
import type { TestApp } from './test-app.js';

/** A TRANSFER operation as the API shows it (docs/api.md "Transfers"). */
export interface TransferOperationBody extends OperationBody {
  destinationAccountId: string;
  destinationAsset: string;
  destinationAmount: string;
  quoteId: string | null;
  conversion: {
    sourceAsset: string;
    sourceAmount: string;
    targetAsset: string;
    targetAmount: string;
    effectiveRate: { value: string; base: string; quote: string };
  } | null;
  description: string | null;
}

export function postTransfer(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: '/v1/operations/transfer', payload, headers });
}

/** A transfer that must be accepted (201, COMPLETED in the answer). */
export async function transferred(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<TransferOperationBody> {
  const res = await postTransfer(t, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  const op = res.json<TransferOperationBody>();
  expect(op.status).toBe('COMPLETED');
  return op;
}

export interface StatementLine {
  operationId: string | null;
  direction: string;
  amount: string;
  asset: string;
  balanceAfter: string;
  description: string;
}

/** Every statement entry of an account, oldest first. */
export async function statementOf(
  t: TestApp,
  token: string,
  accountId: string,
): Promise<StatementLine[]> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/accounts/${accountId}/statement?limit=100&sortOrder=ASCENDING`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: StatementLine[] }>().data;
}

/** The ids GET /v1/operations?accountId= lists, newest first. */
export async function operationIdsOf(
  t: TestApp,
  token: string,
  accountId: string,
): Promise<string[]> {
  const res = await t.as(token, {
    method: 'GET',
    url: `/v1/operations?accountId=${accountId}&limit=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string }[] }>().data.map((o) => o.id);
}

/**
 * What a refusal must leave as it was: the customer's balances on the given accounts, their
 * operations, the events and the ledger's journals.
 */
export async function moneyState(t: TestApp, token: string, accountIds: readonly string[]) {
  const balances: Record<string, unknown> = {};
  for (const id of accountIds) {
    const res = await t.as(token, { method: 'GET', url: `/v1/accounts/${id}/balances` });
    balances[id] = res.json<{ data: unknown }>().data;
  }
  const count = async (table: 'operations' | 'events' | 'ledger_journals') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    balances,
    operations: await count('operations'),
    events: await count('events'),
    journals: await count('ledger_journals'),
  };
}
