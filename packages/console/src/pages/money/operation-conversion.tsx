import { Details, Money, Section } from '../../ui/components.js';
import type { AssetCode, Operation } from './types.js';

interface Conversion {
  sourceAsset: AssetCode;
  sourceAmount: string;
  targetAsset: AssetCode;
  targetAmount: string;
  effectiveRate: { value: string; base: AssetCode; quote: AssetCode };
}

/** The conversion of a swap, or of a deposit, withdrawal or transfer made at a quote. */
function conversionOf(
  o: Operation,
): { conversion: Conversion; quoteId: string | null } | undefined {
  switch (o.type) {
    case 'SWAP':
      return { conversion: o, quoteId: o.quoteId };
    case 'DEPOSIT':
    case 'WITHDRAWAL':
    case 'TRANSFER':
      return o.conversion ? { conversion: o.conversion, quoteId: o.quoteId } : undefined;
    case 'ORDER':
    case 'PIX_PAYMENT':
    case 'PIX_REFUND':
    case 'REVERSAL':
      return undefined;
  }
}

/**
 * What was converted at which rate (docs/api.md "Quotes"): the source paid (fees included), the
 * target received, and the rate applied to the converted part (source − fees).
 */
export function ConversionSection(props: { operation: Operation }) {
  const found = conversionOf(props.operation);
  if (!found) return null;
  const c = found.conversion;
  return (
    <Section title="Conversion">
      <Details
        items={[
          ['Pays (fees included)', <Money amount={c.sourceAmount} asset={c.sourceAsset} />],
          ['Receives', <Money amount={c.targetAmount} asset={c.targetAsset} />],
          [
            'Rate',
            <span class="money-rate">
              1 {c.effectiveRate.base} = {c.effectiveRate.value} {c.effectiveRate.quote}
            </span>,
          ],
          [
            'Quote',
            found.quoteId ? (
              <a href={`/console/quotes/${found.quoteId}`}>
                <code>{found.quoteId}</code>
              </a>
            ) : (
              '—'
            ),
          ],
        ]}
      />
    </Section>
  );
}
