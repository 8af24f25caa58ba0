import { ownAccount, recordRequested, requestedRow } from './pipeline/record-requested.js';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import { transact, type Tx } from '../db/transact.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { placeHold } from '../ledger/ledger.js';
import type { Clock } from '../lib/clock.js';
import type { CursorCodec } from '../lib/cursor.js';
import { notFound } from '../lib/errors.js';
import { isId, newId } from '../lib/ids.js';
import { formatAmount, parseAmount, requireAssetEnabled } from '../lib/money.js';
import { buildPage, listScope, planPage, type PageResult } from '../lib/pagination.js';
import { parseAssets } from '../modules/accounts/accounts.table.js';
import { findUsableInstruction } from '../modules/beneficiaries/usable-instruction.js';
import type { CompleteIdempotent } from '../modules/idempotency/idempotency.service.js';
import { consumeQuote } from '../modules/quotes/consume-quote.js';
import { feeLines, feeTotal, type FeeSchedule } from '../pricing/fees.js';
import { conversionOf } from './kinds/shared/conversion.js';
import { depositFunding, standingFunding, type DepositDetails } from './kinds/deposit/deposit.js';
import type { WithdrawalDetails } from './kinds/withdrawal/withdrawal.js';
import {
  checkDepositQuote,
  checkInstruction,
  checkWithdrawalQuote,
  insufficientBalance,
  requireActive,
} from './pipeline/refusals.js';
import type { OperationScheduler } from './lifecycle/operation-scheduler.js';
import { findUsableQuote } from './pipeline/usable-quote.js';
import { operationViews } from './operation-view.js';
import { findOperation, insertOperation, listOperations } from './operations.repository.js';
import type {
  DepositBody,
  ListOperationsQuery,
  Operation,
  WithdrawalBody,
} from './operations.schemas.js';

export interface OperationsDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  cursors: CursorCodec;
  queue: JobQueue;
  /** Who moves a requested operation on (the sandbox simulator, or nobody: the back-office). */
  scheduler: OperationScheduler;
  /** How long a deposit's funding instruction stays payable. */
  depositTtlMs: number;
  /** What cofre charges (pricing/fees.ts): withdrawals read `WITHDRAWAL`. */
  fees: FeeSchedule;
}

export class OperationsService {
  constructor(private readonly deps: OperationsDeps) {}

  /**
   * A deposit: REQUESTED, with where and until when to pay. No money moves yet. With a quote the
   * deposit is paid in the quote's source asset and credited in its target asset; the quote is
   * consumed now, in this transaction, so its rate holds until the deposit completes or expires.
   */
  async deposit(
    customerId: string,
    input: DepositBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Operation }> {
    const account = await ownAccount(this.deps.db, customerId, input.accountId);
    const held = parseAssets(account);
    if (input.quoteId === undefined) requireAssetEnabled(held, input.asset, account.id);
    const amount = parseAmount(input.amount, input.asset);
    const now = this.deps.clock.now();
    const quote = await this.quoteFor(customerId, account.id, input.quoteId, now);
    if (quote) {
      checkDepositQuote(quote, input.asset, amount);
      // The account is credited the target asset; it need not hold the source at all.
      requireAssetEnabled(held, quote.target_asset, account.id, '/quoteId');
    }
    requireActive(account, quote?.target_asset ?? input.asset);
    const id = newId('operation', now);
    const expiresAt = now + this.deps.depositTtlMs;
    const conversion = quote && conversionOf(quote);
    const details: DepositDetails = {
      fundingInstruction: depositFunding(account.id, input.asset, amount, id),
      expiresAt,
      receivedAmount: null,
      ...(conversion ? { fees: conversion.fees, conversion } : {}),
    };
    const row = requestedRow({
      id: id,
      customerId: customerId,
      accountId: account.id,
      type: 'DEPOSIT',
      asset: input.asset,
      amount: amount,
      details,
      now,
    });
    const body = await transact(this.deps.db, async (tx) => {
      await insertOperation(tx.trx, row);
      if (conversion) await this.consume(tx, customerId, account.id, conversion.quoteId, id, now);
      // Expiry is no sandbox feature: every deposit unpaid at expiresAt fails, in production too.
      await this.deps.queue.enqueue(tx, [
        { kind: 'operation.deposit.expire', queue: id, subjectId: id, runAt: expiresAt },
      ]);
      return recordRequested(tx, this.deps, row, complete);
    });
    return { status: 201, body };
  }

  /**
   * A withdrawal: REQUESTED with the amount and its WITHDRAWAL fee held, in one transaction that
   * ends with the hold (the conditional UPDATE that refuses an overdraft). With a quote, `asset`
   * and `amount` are what the beneficiary receives (the quote's target) and the hold is on the
   * quote's source; the quote is consumed in the same transaction. Every refusal moves nothing
   * and leaves the quote unused.
   */
  async withdraw(
    customerId: string,
    input: WithdrawalBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Operation }> {
    const account = await ownAccount(this.deps.db, customerId, input.accountId);
    const held = parseAssets(account);
    if (input.quoteId === undefined) requireAssetEnabled(held, input.asset, account.id);
    const amount = parseAmount(input.amount, input.asset);
    const now = this.deps.clock.now();
    const quote = await this.quoteFor(customerId, account.id, input.quoteId, now);
    if (quote) {
      checkWithdrawalQuote(quote, input.asset, amount);
      requireAssetEnabled(held, quote.source_asset, account.id, '/quoteId');
    }
    const ids = [customerId, input.beneficiary.id, input.beneficiary.paymentInstructionId] as const;
    const found = await findUsableInstruction(this.deps.db, ...ids);
    if (!found) throw notFound('Payment instruction', input.beneficiary.paymentInstructionId);
    const conversion = quote && conversionOf(quote);
    // What the account pays: the amount itself, or the quote's source amount.
    const debitedAsset = conversion?.sourceAsset ?? input.asset;
    const debited = conversion?.sourceAmount ?? amount;
    requireActive(account, debitedAsset);
    checkInstruction(found, input.asset);

    const withdrawalFees = feeLines(this.deps.fees.WITHDRAWAL, debited, debitedAsset);
    const holdAmount = debited + feeTotal(withdrawalFees);
    const id = newId('operation', now);
    const holdId = newId('hold', now);
    const details: WithdrawalDetails = {
      beneficiary: {
        id: found.beneficiaryId,
        paymentInstructionId: found.id,
        holder: found.holder,
        paymentInstruction: { rail: found.rail, asset: found.asset, ...found.details },
      },
      description: input.description ?? null,
      holdId,
      endToEndId: null,
      fees: [...(conversion?.fees ?? []), ...withdrawalFees],
      ...(conversion ? { conversion } : {}),
    };
    const row = requestedRow({
      id: id,
      customerId: customerId,
      accountId: account.id,
      type: 'WITHDRAWAL',
      asset: input.asset,
      amount: amount,
      details,
      now,
    });
    // Statement order: the first statement is a write (SQLite then holds its write lock before
    // any read, so no BUSY_SNAPSHOT), and the balance row — the one every withdrawal of this
    // account contends for — is updated last, just before commit, so PostgreSQL keeps its row
    // lock for the hold's few statements rather than for the whole request. A refusal at any
    // point throws and rolls back all of it: nothing moves, nothing is announced, and the quote
    // is unused again.
    const body = await transact(this.deps.db, async (tx) => {
      await insertOperation(tx.trx, row);
      if (conversion) await this.consume(tx, customerId, account.id, conversion.quoteId, id, now);
      // Checked again inside the transaction (under the write lock on SQLite, a share lock on
      // PostgreSQL): a removal, freeze or asset change committed since the first reads refuses it.
      requireActive(await ownAccount(tx.trx, customerId, account.id), debitedAsset);
      const instruction = await findUsableInstruction(tx.trx, ...ids, this.deps.dialect);
      if (!instruction) throw notFound('Payment instruction', ids[2]);
      checkInstruction(instruction, input.asset);
      const view = await recordRequested(tx, this.deps, row, complete);
      const hold = await placeHold(tx.trx, {
        holdId,
        accountId: account.id,
        asset: debitedAsset,
        amount: holdAmount,
        operationId: id,
        description: input.description ?? 'Withdrawal',
        at: now,
      });
      if (hold.kind === 'insufficient') {
        const what = conversion ? "the quote's source amount" : 'the amount';
        const fees = withdrawalFees.length > 0 ? ' and the withdrawal fee' : '';
        throw insufficientBalance(
          `The available ${debitedAsset} balance does not cover ${formatAmount(holdAmount, debitedAsset)} (${what}${fees}).`,
        );
      }
      return view;
    });
    return { status: 201, body };
  }

  async get(customerId: string, operationId: string): Promise<Operation> {
    const row = isId('operation', operationId)
      ? await findOperation(this.deps.db, customerId, operationId)
      : undefined;
    if (!row) throw notFound('Operation', operationId);
    const [view] = await operationViews(this.deps.db, [row]);
    return view!;
  }

  async list(customerId: string, query: ListOperationsQuery): Promise<PageResult<Operation>> {
    const filters = { type: query.type, status: query.status, accountId: query.accountId };
    const binding = {
      customerId,
      scope: listScope('operations', filters, query.sortOrder ?? 'DESCENDING'),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const rows = await listOperations(this.deps.db, customerId, filters, plan);
    const pageRows = rows.slice(0, plan.limit);
    const views = new Map((await operationViews(this.deps.db, pageRows)).map((v) => [v.id, v]));
    return buildPage(
      rows,
      plan,
      (r) => ({ sortValue: r.created_at, id: r.id }),
      (r) => views.get(r.id)!,
      this.deps.cursors,
      binding,
    );
  }

  /** The account's standing instructions, one per ACTIVE asset. */
  async fundingInstructions(customerId: string, accountId: string) {
    const account = await ownAccount(this.deps.db, customerId, accountId);
    return parseAssets(account)
      .filter((a) => a.status === 'ACTIVE')
      .map(({ asset }) => standingFunding(account.id, asset));
  }

  /** The quote a request names, checked usable now (usable-quote.ts), or undefined for none. */
  private quoteFor(
    customerId: string,
    accountId: string,
    quoteId: string | undefined,
    now: number,
  ) {
    return quoteId === undefined
      ? Promise.resolve(undefined)
      : findUsableQuote(this.deps.db, { customerId, accountId, quoteId, now });
  }

  /** Consumes the quote for this operation, in its transaction (modules/quotes/consume-quote.ts). */
  private async consume(
    tx: Tx,
    customerId: string,
    accountId: string,
    quoteId: string,
    operationId: string,
    now: number,
  ): Promise<void> {
    await consumeQuote(tx.trx, { customerId, accountId, quoteId, operationId, now });
  }
}
