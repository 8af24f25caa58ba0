import { Type } from '@sinclair/typebox';
import { AssetSchema as Asset } from '../../operation-common.schema.js';

/** The quote a cross-asset deposit or withdrawal consumed, as the operation shows it. */
export const quoted = {
  quoteId: Type.Union([Type.String(), Type.Null()], {
    description: 'The quote this operation consumed; null when no conversion.',
  }),
  conversion: Type.Union(
    [
      Type.Object({
        sourceAsset: Asset,
        sourceAmount: Type.String({
          description: 'Paid in the source asset, conversion fees included.',
        }),
        targetAsset: Asset,
        targetAmount: Type.String({ description: 'Received in the target asset.' }),
        effectiveRate: Type.Object({
          value: Type.String({ description: '`quote` per 1 `base`, as quoted.' }),
          base: Asset,
          quote: Asset,
        }),
      }),
      Type.Null(),
    ],
    {
      description:
        "The quote's conversion, locked when requested: a withdrawal's source is what the account pays (its target is `asset`/`amount`), a deposit's target is what the account is credited (its source is `asset`/`amount`). Null without a quote.",
    },
  ),
};

/** The back-office's REVERSAL of a deposit or withdrawal (docs/admin.md "Reversals"). */
export const ReversedBy = Type.Union([Type.String(), Type.Null()], {
  description: 'The REVERSAL operation that compensated this one; null unless reversed.',
});
