import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { reachesAccount, type Owner } from '../../lib/owner.js';
import { formatAmount, maxAmountMinor, parseAmount, requireAssetEnabled } from '../../lib/money.js';
import { stringifyMoneyJson } from '../../lib/money-json.js';
import { formatRate } from '../../lib/rate.js';
import { priceQuote, rateOf, type FeeSchedule, type RateSource } from '../../pricing/index.js';
import { findAccount, parseAssets } from '../accounts/index.js';
import { recordsAnswer, type CompleteIdempotent } from '../idempotency/index.js';
import { rateUnavailable } from './quote-errors.js';
import { toQuote } from './quote-view.js';
import { findQuote, insertQuote } from './quotes.repository.js';
import type { CreateQuoteBody, Quote } from './quotes.schemas.js';

/** What quotes are made from (app.ts passes the operations' deps, which have all of it). */
export interface QuoteDeps {
  db: Db;
  clock: Clock;
  rates: RateSource;
  fees: FeeSchedule;
  quoteTtlMs: number;
}

/** Quotes (docs/api.md "Quotes"): priced conversions an operation can use once, before expiry. */
export class QuotesService {
  constructor(private readonly deps: QuoteDeps) {}

  async create(
    owner: Owner,
    input: CreateQuoteBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Quote }> {
    const { customerId } = owner;
    const amounts = exactlyOneAmount(input);
    const account =
      isId('account', input.accountId) && reachesAccount(owner, input.accountId)
        ? await findAccount(this.deps.db, customerId, input.accountId)
        : undefined;
    if (!account) throw notFound('Account', input.accountId);
    // The account must hold one side: the source (a swap, a quoted withdrawal) or the target (a
    // quoted deposit). Whether it may move money now is checked when an operation uses the quote.
    const held = parseAssets(account);
    if (!held.some((a) => a.asset === input.sourceAsset)) {
      requireAssetEnabled(held, input.targetAsset, account.id, '/targetAsset');
    }
    const now = this.deps.clock.now();
    const rate = await rateOf(
      this.deps.rates,
      this.deps.db,
      input.sourceAsset,
      input.targetAsset,
      now,
    );
    if (!rate) throw rateUnavailable(input.sourceAsset, input.targetAsset);
    const priced = priceQuote({
      sourceAsset: input.sourceAsset,
      targetAsset: input.targetAsset,
      rate: rate.rate,
      fee: this.deps.fees.CONVERSION,
      ...(amounts.kind === 'source'
        ? { sourceAmount: parseAmount(amounts.text, input.sourceAsset, pointer('/sourceAmount')) }
        : { targetAmount: parseAmount(amounts.text, input.targetAsset, pointer('/targetAmount')) }),
    });
    if (priced.kind === 'too-small') {
      throw new AppError('AMOUNT_TOO_SMALL', {
        detail: 'After fees and rounding nothing would be converted; quote a larger amount.',
      });
    }
    if (priced.kind === 'too-large') {
      throw new AppError('AMOUNT_TOO_LARGE', {
        detail: `The source amount would be above the maximum per request (${formatAmount(maxAmountMinor(input.sourceAsset), input.sourceAsset)} ${input.sourceAsset}).`,
      });
    }
    const row = {
      id: newId('quote', now),
      customer_id: customerId,
      account_id: account.id,
      source_asset: input.sourceAsset,
      target_asset: input.targetAsset,
      source_amount: priced.sourceAmount,
      target_amount: priced.targetAmount,
      converted_amount: priced.convertedAmount,
      rate: formatRate(rate.rate),
      fees: stringifyMoneyJson(priced.fees),
      created_at: now,
      expires_at: now + this.deps.quoteTtlMs,
      consumed_at: null,
      operation_id: null,
    };
    const body = toQuote(row);
    if (recordsAnswer(complete)) {
      await this.deps.db.transaction().execute(async (trx) => {
        await insertQuote(trx, row);
        await complete(trx, 201, body);
      });
    } else {
      // No key, so no answer to record with it: the one INSERT, without BEGIN and COMMIT around
      // it (two round trips fewer on PostgreSQL).
      await insertQuote(this.deps.db, row);
    }
    return { status: 201, body };
  }

  /** The owner's quote; one for an account the client is not bound to is 404 as a foreign one. */
  async get(owner: Owner, quoteId: string): Promise<Quote> {
    const row = isId('quote', quoteId)
      ? await findQuote(this.deps.db, owner.customerId, quoteId)
      : undefined;
    if (!row || !reachesAccount(owner, row.account_id)) throw notFound('Quote', quoteId);
    return toQuote(row);
  }
}

const pointer = (path: string) => ({ pointer: path, in: 'body' as const });

function exactlyOneAmount(input: CreateQuoteBody): { kind: 'source' | 'target'; text: string } {
  if (input.sourceAmount !== undefined && input.targetAmount !== undefined) {
    const detail = 'Give sourceAmount or targetAmount, not both.';
    throw new AppError('MUTUALLY_EXCLUSIVE_AMOUNTS', {
      detail,
      errors: [
        { pointer: '/targetAmount', in: 'body', code: 'MUTUALLY_EXCLUSIVE_AMOUNTS', detail },
      ],
    });
  }
  if (input.sourceAmount !== undefined) return { kind: 'source', text: input.sourceAmount };
  if (input.targetAmount !== undefined) return { kind: 'target', text: input.targetAmount };
  const detail = 'Give sourceAmount (what the account pays) or targetAmount (what it receives).';
  throw new AppError('MISSING_AMOUNT', {
    detail,
    errors: [{ pointer: '/sourceAmount', in: 'body', code: 'MISSING_AMOUNT', detail }],
  });
}
