import { Type, type Static } from '@sinclair/typebox';
import { ASSETS } from '../../../lib/money.js';
import { RateString } from '../../../lib/rate.js';
import { StringEnum } from '../../../lib/schema.js';

const Asset = StringEnum(ASSETS, { description: 'Asset code.' });

export const RatePairParams = Type.Object({ base: Asset, quote: Asset });
export type RatePairParams = Static<typeof RatePairParams>;

export const SetRateBody = Type.Object(
  {
    rate: RateString({
      description:
        '`quote` per 1 `base`, spread included: what a customer selling `base` gets. Decimal string > 0, at most 12 decimals.',
      examples: ['5.4312'],
    }),
  },
  { additionalProperties: false, examples: [{ rate: '5.4312' }] },
);
export type SetRateBody = Static<typeof SetRateBody>;

export const StoredRate = Type.Object({
  base: Asset,
  quote: Asset,
  rate: Type.String({ examples: ['5.4312'] }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type StoredRate = Static<typeof StoredRate>;

export const StoredRateList = Type.Object({ data: Type.Array(StoredRate) });
