import {
  CodeBlock,
  CopyButton,
  Details,
  Loading,
  Money,
  PageHeader,
  ProblemAlert,
  Section,
  StatusBadge,
  Time,
} from '../../ui/components.js';
import { LiveNote } from './live-note.js';
import { OperationActions } from './operation-actions.js';
import { ConversionSection } from './operation-conversion.js';
import { KindDetails } from './operation-kind.js';
import { StateHistory } from './state-history.js';
import { FeesTable, MetadataTable } from './tables.js';
import { isFinal, type Operation, type OperationType } from './types.js';
import { useWatch } from './use-watch.js';

export const TYPE_NAMES: Record<OperationType, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  SWAP: 'Swap',
  ORDER: 'Order',
  PIX_PAYMENT: 'PIX payment',
  TRANSFER: 'Transfer',
  PIX_REFUND: 'PIX refund',
  REVERSAL: 'Reversal',
};

const settled = (o: Operation) => isFinal(o.status);

/**
 * /console/operations/:operationId: everything GET /v1/operations/{id} says, watched until the
 * operation is COMPLETED or FAILED (a final state never changes), with the actions the API has
 * for it (cancel an open LIMIT order, refund a PIX deposit).
 */
export function OperationPage(props: { operationId: string }) {
  const op = useWatch<Operation>(
    `/v1/operations/${encodeURIComponent(props.operationId)}`,
    settled,
  );
  const o = op.data;
  if (!o) {
    return (
      <div>
        <PageHeader title="Operation" subtitle={<code>{props.operationId}</code>} />
        {op.error ? <ProblemAlert problem={op.error} /> : <Loading what="the operation" />}
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title={TYPE_NAMES[o.type]}
        subtitle={
          <>
            <code>{o.id}</code> <CopyButton value={o.id} label="Copy the operation id" />
          </>
        }
        actions={<StatusBadge status={o.status} />}
      />
      <ProblemAlert problem={op.error} />
      {o.reason && (
        <div class="alert alert-error" role="status">
          <strong>Failed: {o.reason.code}</strong> {o.reason.message}
        </div>
      )}
      <Section title="Summary">
        <Details
          items={[
            ['Status', <StatusBadge status={o.status} />],
            ['Amount', <Money amount={o.amount} asset={o.asset} />],
            [
              'Account',
              <a href={`/console/accounts/${o.accountId}`}>
                <code>{o.accountId}</code>
              </a>,
            ],
            ['Created', <Time iso={o.createdAt} />],
            ['Updated', <Time iso={o.updatedAt} />],
            ['External reference', o.externalReference ? <code>{o.externalReference}</code> : '—'],
          ]}
        />
        <LiveNote
          watching={op.watching}
          settledText={`Final: ${o.status}.`}
          watchingText="Live: this page follows the operation until it is COMPLETED or FAILED."
        />
      </Section>
      <KindDetails operation={o} />
      <Section title="Fees">
        <FeesTable fees={o.fees} caption="Fees charged" hideCaption />
      </Section>
      <ConversionSection operation={o} />
      <Section title="State history">
        <StateHistory states={o.states} />
      </Section>
      <OperationActions operation={o} onChanged={op.reload} />
      <Section title="Metadata">
        <MetadataTable metadata={o.metadata} />
      </Section>
      <details class="money-json">
        <summary>As the API returns it (JSON)</summary>
        <CodeBlock value={o} label="The operation as JSON" />
      </details>
    </div>
  );
}
