import { AppError, invalidData, type FieldError } from '../../../lib/errors.js';
import { parseAmount } from '../../../lib/money.js';
import { parseBrCode } from '../../../pix/index.js';
import { checkPixKey, parseBareKey, type PixKey } from '../../../modules/pix/index.js';
import type { PixPaymentBody } from './pix-payment.body.js';

/** What a PIX payment request asks for, once its key or code is read and its amount settled. */
export interface PixPaymentTarget {
  pixKey: PixKey;
  /** Minor units of BRL. */
  amount: bigint;
  brCode: string | null;
  txid: string | null;
}

const field = (pointer: string, code: string, detail: string): FieldError => ({
  pointer,
  in: 'body',
  code,
  detail,
});

const badCode = (why: string): AppError =>
  new AppError('INVALID_BR_CODE', {
    detail: `The PIX code is not valid: ${why}.`,
    errors: [field('/brCode', 'INVALID_BR_CODE', `brCode: ${why}.`)],
  });

/**
 * Reads the request's target (docs/api.md "PIX payments"). Pure. Throws 400 INVALID_DATA for
 * both or neither of pixKey and brCode, a malformed key, or a missing amount; 400
 * INVALID_BR_CODE for a code that does not parse, fails its CRC, is dynamic or carries a bad
 * key; 422 BR_CODE_AMOUNT_MISMATCH when `amount` differs from the code's.
 */
export function pixPaymentTarget(input: PixPaymentBody): PixPaymentTarget {
  if ((input.pixKey === undefined) === (input.brCode === undefined)) {
    const both = input.pixKey !== undefined;
    throw invalidData([
      field(
        both ? '/brCode' : '',
        both ? 'MUTUALLY_EXCLUSIVE' : 'REQUIRED',
        both
          ? 'Give pixKey or brCode, not both.'
          : 'Give pixKey (with amount) or brCode: one of them is required.',
      ),
    ]);
  }
  const requested = input.amount === undefined ? undefined : parseAmount(input.amount, 'BRL');
  const missingAmount = (detail: string) => invalidData([field('/amount', 'REQUIRED', detail)]);

  if (input.pixKey !== undefined) {
    const key = checkPixKey(input.pixKey.keyType, input.pixKey.key, '/pixKey');
    if (key.kind === 'invalid') throw invalidData(key.errors);
    if (requested === undefined) throw missingAmount('amount is required with pixKey.');
    return { pixKey: key.key, amount: requested, brCode: null, txid: null };
  }

  const brCode = input.brCode!.trim();
  const parsed = parseBrCode(brCode);
  if (parsed.kind === 'invalid') throw badCode(parsed.why);
  const { code } = parsed;
  const key = parseBareKey(code.key, '/brCode');
  if (key.kind === 'invalid') throw badCode(`its key "${code.key}" is not a valid PIX key`);
  let amount = requested;
  if (code.amount !== null) {
    let codeAmount: bigint;
    try {
      codeAmount = parseAmount(code.amount, 'BRL', { pointer: '/brCode', in: 'body' });
    } catch {
      throw badCode(`its amount (tag 54) "${code.amount}" is not a payable BRL amount`);
    }
    if (requested !== undefined && requested !== codeAmount) {
      throw new AppError('BR_CODE_AMOUNT_MISMATCH', {
        detail: `amount ${input.amount} differs from the code's amount ${code.amount}; leave amount out or give the same.`,
        errors: [
          field(
            '/amount',
            'BR_CODE_AMOUNT_MISMATCH',
            `amount must equal the code's ${code.amount}.`,
          ),
        ],
      });
    }
    amount = codeAmount;
  }
  if (amount === undefined) {
    throw missingAmount('amount is required: this PIX code carries no amount.');
  }
  return { pixKey: key.key, amount, brCode, txid: code.txid };
}
