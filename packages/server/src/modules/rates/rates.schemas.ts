import { Type, type Static } from '@sinclair/typebox';
import { ASSETS } from '../../lib/money.js';
import { StringEnum } from '../../lib/schema.js';

const Asset = StringEnum(ASSETS, { description: 'Asset code.' });

export const RatesQuery = Type.Object(
  {
    base: Type.Optional(StringEnum(ASSETS, { description: 'Only pairs selling this asset.' })),
    quote: Type.Optional(StringEnum(ASSETS, { description: 'Only pairs buying this asset.' })),
  },
  { additionalProperties: false },
);
export type RatesQuery = Static<typeof RatesQuery>;

export const RateView = Type.Object({
  base: Asset,
  quote: Asset,
  rate: Type.String({
    description:
      'Indicative: `quote` per 1 `base` for a conversion now (spread included). A quote fixes it.',
    examples: ['5.3892'],
  }),
  updatedAt: Type.String({ format: 'date-time', description: 'When this rate took effect.' }),
});
export type RateView = Static<typeof RateView>;

export const RateList = Type.Object({ data: Type.Array(RateView) });
