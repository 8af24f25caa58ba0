import type { ComponentChildren } from 'preact';
import { Details, Money, Section, Time } from '../../ui/components.js';
import { FundingCard } from './funding-instructions.js';
import type { Operation, OperationOf } from './types.js';
import { formatTaxId } from '../../lib/format.js';

const opLink = (id: string | null) =>
  id ? (
    <a href={`/console/operations/${id}`}>
      <code>{id}</code>
    </a>
  ) : (
    '—'
  );
const code = (v: string | null) => (v ? <code class="money-wrap">{v}</code> : '—');

/** The fields of the operation's own type (docs/api.md: one section per kind). */
export function KindDetails(props: { operation: Operation }) {
  const o = props.operation;
  switch (o.type) {
    case 'DEPOSIT':
      return <DepositDetails operation={o} />;
    case 'WITHDRAWAL':
      return (
        <Kind title="Withdrawal">
          <Details
            items={[
              [
                'Beneficiary',
                <a href={`/console/beneficiaries/${o.beneficiary.id}`}>
                  {o.beneficiary.holder.name}
                </a>,
              ],
              [
                'Holder',
                `${o.beneficiary.holder.type} · ${formatTaxId(o.beneficiary.holder.taxId)}`,
              ],
              ['Paid to', instructionText(o.beneficiary.paymentInstruction)],
              ['End-to-end id', code(o.endToEndId)],
              ['Description', o.description ?? '—'],
              ['Reversed by', opLink(o.reversedBy)],
            ]}
          />
        </Kind>
      );
    case 'SWAP':
      return o.description ? (
        <Kind title="Swap">
          <Details items={[['Description', o.description]]} />
        </Kind>
      ) : null;
    case 'ORDER':
      return (
        <Kind title="Order">
          <Details
            items={[
              ['Side', `${o.side} ${o.baseAsset} for ${o.quoteAsset}`],
              ['Order type', o.orderType],
              ['Limit price', o.limitPrice ? `${o.limitPrice} ${o.quoteAsset}` : '—'],
              [
                'Executed price',
                o.executedPrice
                  ? `${o.executedPrice} ${o.quoteAsset}`
                  : o.status === 'FAILED'
                    ? 'Never filled'
                    : 'Not filled yet',
              ],
              ['Notional', <Money amount={o.notional} asset={o.quoteAsset} />],
              ['Expires', <Time iso={o.expiresAt} />],
              ['Description', o.description ?? '—'],
            ]}
          />
        </Kind>
      );
    case 'PIX_PAYMENT':
      return (
        <Kind title="PIX payment">
          <Details
            items={[
              ['Recipient', `${o.recipient.holder.name} (${o.recipient.holder.type})`],
              ['Tax id', formatTaxId(o.recipient.holder.taxId)],
              [
                'Bank',
                o.recipient.bank ? `${o.recipient.bank.name} (${o.recipient.bank.ispb})` : '—',
              ],
              ['Key', `${o.pixKey.keyType} ${o.pixKey.key}`],
              ['Copy-and-paste code', code(o.brCode)],
              ['Transaction id', code(o.txid)],
              ['End-to-end id', code(o.endToEndId)],
              ['Description', o.description ?? '—'],
            ]}
          />
        </Kind>
      );
    case 'TRANSFER':
      return (
        <Kind title="Transfer">
          <Details
            items={[
              [
                'To account',
                <a href={`/console/accounts/${o.destinationAccountId}`}>
                  <code>{o.destinationAccountId}</code>
                </a>,
              ],
              ['Credited', <Money amount={o.destinationAmount} asset={o.destinationAsset} />],
              ['Description', o.description ?? '—'],
            ]}
          />
        </Kind>
      );
    case 'PIX_REFUND':
      return (
        <Kind title="PIX refund">
          <Details
            items={[
              ['Refund of', opLink(o.originalOperationId)],
              ['Why', o.refundReason],
              ['End-to-end id (devolução)', code(o.endToEndId)],
            ]}
          />
        </Kind>
      );
    case 'REVERSAL':
      return (
        <Kind title="Reversal">
          <Details
            items={[
              ['Reverses', opLink(o.originalOperationId)],
              ['Of a', o.originalType],
              ['Why', `${o.reversalReason.code}: ${o.reversalReason.message}`],
            ]}
          />
        </Kind>
      );
  }
}

function Kind(props: { title: string; children: ComponentChildren }) {
  return <Section title={`${props.title} details`}>{props.children}</Section>;
}

function DepositDetails(props: { operation: OperationOf<'DEPOSIT'> }) {
  const o = props.operation;
  const f = o.fundingInstruction;
  return (
    <Kind title="Deposit">
      <Details
        items={[
          ['Received', <Money amount={o.receivedAmount} asset={o.asset} />],
          ['Refunded', <Money amount={o.refundedAmount} asset={o.asset} />],
          ['Pay before', <Time iso={f.expiresAt} />],
          ['Reversed by', opLink(o.reversedBy)],
        ]}
      />
      {o.status === 'REQUESTED' && (
        <>
          <h3 class="money-h3">How to pay it</h3>
          <FundingCard instruction={f} />
        </>
      )}
    </Kind>
  );
}

/** A payment instruction snapshot in one line: "PIX EMAIL maria@example.com". */
export function instructionText(i: Record<string, string>): string {
  const { rail, asset } = i;
  if (rail === 'PIX') return `PIX ${i.keyType ?? ''} ${i.key ?? ''}`;
  if (rail === 'BANK_ACCOUNT') {
    return `Bank ${i.ispb ?? ''} branch ${i.branch ?? ''} account ${i.accountNumber ?? ''} (${i.accountType ?? ''})`;
  }
  return `${asset ?? ''} on ${i.network ?? ''}: ${i.address ?? ''}`;
}
