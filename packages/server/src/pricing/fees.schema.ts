import { Type } from '@sinclair/typebox';
import { ASSETS, formatAmount } from '../lib/money.js';
import { StringEnum } from '../lib/schema.js';
import { FEE_TYPES, type FeeLine } from './fees.js';

/** One fee component on a quote or an operation (docs/api.md "Fees"). */
export const FeeLineSchema = Type.Object(
  {
    type: StringEnum(FEE_TYPES, {
      description: 'PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).',
    }),
    amount: Type.String({ description: 'Decimal string in `asset`, as posted to the ledger.' }),
    asset: StringEnum(ASSETS),
  },
  { additionalProperties: false },
);

export const FeesSchema = Type.Array(FeeLineSchema, {
  description: 'What cofre charges for this, one line per component; [] when free.',
});

export const feeLineView = (line: FeeLine) => ({
  type: line.type,
  amount: formatAmount(line.amount, line.asset),
  asset: line.asset,
});
