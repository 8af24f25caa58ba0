import { invalidData, type FieldError } from '../../../lib/errors.js';
import type { Asset } from '../../../lib/money.js';
import type { TransferBody } from './transfer.schema.js';

/** What a transfer moves: an amount of one asset 1:1, or a quote's terms. */
export type TransferTerms =
  { kind: 'same-asset'; asset: Asset; amount: string } | { kind: 'quoted'; quoteId: string };

/**
 * Exactly one of `asset` + `amount` or `quoteId` (the body's root `oneOf`), every breach
 * reported at once as 400 INVALID_DATA: with a quote, `asset` and `amount` come from it and
 * may not be sent; without, both are required.
 */
export function transferTerms(body: TransferBody): TransferTerms {
  const errors: FieldError[] = [];
  const error = (field: string, code: string, detail: string) =>
    errors.push({ pointer: `/${field}`, in: 'body', code, detail });
  if (body.quoteId !== undefined) {
    for (const field of ['asset', 'amount'] as const) {
      if (body[field] !== undefined) {
        error(
          field,
          'UNKNOWN_FIELD',
          `A transfer with a quoteId takes its ${field} from the quote.`,
        );
      }
    }
    if (errors.length > 0) throw invalidData(errors);
    return { kind: 'quoted', quoteId: body.quoteId };
  }
  const { asset, amount } = body;
  if (asset === undefined) error('asset', 'REQUIRED', 'Give asset and amount, or a quoteId.');
  if (amount === undefined) error('amount', 'REQUIRED', 'Give asset and amount, or a quoteId.');
  if (asset === undefined || amount === undefined) throw invalidData(errors);
  return { kind: 'same-asset', asset, amount };
}
