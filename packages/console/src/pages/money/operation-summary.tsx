import { money } from '../../lib/format.js';
import type { Operation } from './types.js';

/** One line saying what an operation does beyond its amount, for lists. */
export function OperationSummary(props: { operation: Operation }) {
  const o = props.operation;
  const reason = o.reason ? ` · ${o.reason.code}` : '';
  return (
    <span>
      {describe(o)}
      {reason}
    </span>
  );
}

export function describe(o: Operation): string {
  switch (o.type) {
    case 'DEPOSIT':
      return o.conversion
        ? `credited as ${money(o.conversion.targetAmount, o.conversion.targetAsset)}`
        : o.fundingInstruction.rail === 'PIX'
          ? 'by PIX'
          : `on ${o.fundingInstruction.network}`;
    case 'WITHDRAWAL':
      return `to ${o.beneficiary.holder.name}`;
    case 'SWAP':
      return `${o.sourceAsset} → ${money(o.targetAmount, o.targetAsset)}`;
    case 'ORDER':
      return `${o.orderType} ${o.side} ${o.baseAsset}/${o.quoteAsset}${o.limitPrice ? ` at ${o.limitPrice}` : ''}`;
    case 'PIX_PAYMENT':
      return `to ${o.recipient.holder.name} (${o.recipient.key})`;
    case 'TRANSFER':
      return `to ${o.destinationAccountId}`;
    case 'PIX_REFUND':
      return `refund of ${o.originalOperationId}`;
    case 'REVERSAL':
      return `reverses ${o.originalOperationId}`;
  }
}
