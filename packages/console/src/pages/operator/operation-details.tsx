import type { ComponentChildren } from 'preact';
import type { Operation } from '../../api/admin.js';
import { Details, Money, Section, StatusBadge, Time } from '../../ui/components.js';
import { withQuery } from '../../lib/query.js';
import { IdLink, OPERATOR, TableWrap } from './parts.js';

/** A field some kinds of operation have (`receivedAmount`, `endToEndId`, `reversedBy`…). */
export function field(operation: Operation, name: string): unknown {
  return (operation as Record<string, unknown>)[name];
}
export const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** An operation's fields (those of its kind too) and its state history. */
export function OperationDetails(props: { customerId: string; operation: Operation }) {
  const { customerId, operation } = props;
  const link = (name: string) => {
    const id = text(field(operation, name));
    return id ? <IdLink id={id} href={OPERATOR.operation(id)} /> : undefined;
  };
  const received = text(field(operation, 'receivedAmount'));
  const reversalReason = field(operation, 'reversalReason') as
    { code: string; message: string } | undefined;
  const items: [string, ComponentChildren][] = [
    ['Type', operation.type],
    ['Status', <StatusBadge status={operation.status} />],
    ['Customer', <IdLink id={customerId} href={OPERATOR.customer(customerId)} />],
    [
      'Account',
      <IdLink id={operation.accountId} href={withQuery(OPERATOR.accounts, { customerId })} />,
    ],
    ['Amount', <Money amount={operation.amount} asset={operation.asset} />],
  ];
  if (received) items.push(['Received', <Money amount={received} asset={operation.asset} />]);
  const funding = field(operation, 'fundingInstruction') as
    | { rail: string; key?: string; network?: string; address?: string; expiresAt: string }
    | undefined;
  if (funding) {
    items.push([
      'Paid in to',
      <code class="op-wrap">
        {funding.rail === 'PIX' ? `PIX ${funding.key}` : `${funding.network} ${funding.address}`}
      </code>,
    ]);
    items.push(['Expires', <Time iso={funding.expiresAt} />]);
  }
  if (operation.fees.length > 0) {
    items.push([
      'Fees',
      operation.fees.map((fee, i) => (
        <div key={i}>
          <Money amount={fee.amount} asset={fee.asset} /> <span class="muted">{fee.type}</span>
        </div>
      )),
    ]);
  }
  if (operation.reason) {
    items.push([
      'Reason',
      <>
        <code>{operation.reason.code}</code> {operation.reason.message}
      </>,
    ]);
  }
  const endToEndId = text(field(operation, 'endToEndId'));
  if (endToEndId) items.push(['End-to-end id', <code>{endToEndId}</code>]);
  if (link('reversedBy')) items.push(['Reversed by', link('reversedBy')]);
  if (link('originalOperationId')) items.push(['Reverses', link('originalOperationId')]);
  if (reversalReason) {
    items.push([
      'Reversal reason',
      <>
        <code>{reversalReason.code}</code> {reversalReason.message}
      </>,
    ]);
  }
  items.push(['Created', <Time iso={operation.createdAt} />]);
  items.push(['Updated', <Time iso={operation.updatedAt} />]);
  return (
    <>
      <Section title="Details">
        <Details items={items} />
      </Section>
      <Section title="State history">
        <TableWrap label="States reached, oldest first">
          <table>
            <caption>States reached, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">At</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {operation.states.map((state) => (
                <tr key={state.status}>
                  <th scope="row">
                    <StatusBadge status={state.status} />
                  </th>
                  <td>
                    <Time iso={state.at} />
                  </td>
                  <td>
                    {state.reason ? (
                      <>
                        <code>{state.reason.code}</code> {state.reason.message}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </Section>
    </>
  );
}
