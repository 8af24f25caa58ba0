import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { AdminRead, Operation } from '../../api/admin.js';
import { must } from '../../api/http.js';
import {
  Loading,
  Money,
  PageHeader,
  ProblemAlert,
  Section,
  StatusBadge,
} from '../../ui/components.js';
import { useSession } from '../../ui/session.js';
import { ActionButton } from './action-dialog.js';
import { useAdmin, useAdminLive } from './admin-hooks.js';
import { field, OperationDetails } from './operation-details.js';
import { ActorWarning, Notice, OPERATOR } from './parts.js';

type OperationView = AdminRead<'/admin/v1/operations/{operationId}'>;

/**
 * One operation of any customer, live, with what the back-office can do to it
 * (docs/admin.md "Operations", "Reversals"): receive a deposit (optionally what actually
 * arrived), complete what waits for the rail, fail it with a reason, reverse a completed
 * deposit or withdrawal. The same lifecycle functions as the sandbox simulator run, so the
 * customer's events are the same either way.
 */
export function OperationPage(props: { operationId: string }) {
  const { config } = useSession();
  const path = `/admin/v1/operations/${encodeURIComponent(props.operationId)}`;
  const view = useAdminLive<OperationView>(path);
  const [notice, setNotice] = useState<ComponentChildren>();
  const operation = view.data?.operation;
  return (
    <div>
      <PageHeader
        title={operation ? `${operation.type} ${operation.status}` : 'Operation'}
        subtitle={<code>{props.operationId}</code>}
      />
      <ActorWarning />
      <ProblemAlert problem={view.error} />
      {view.loading && !view.data && <Loading what="the operation" />}
      <Notice>{notice}</Notice>
      {view.data && operation && (
        <>
          <Section title="Actions">
            {config.environment === 'sandbox' && (
              <p class="muted small">
                Sandbox: the simulator settles operations within seconds by itself; these actions
                work here too and take effect at once.
              </p>
            )}
            <Actions
              operation={operation}
              onDone={(message) => {
                if (message) setNotice(message);
                view.reload();
              }}
            />
          </Section>
          <OperationDetails customerId={view.data.customerId} operation={operation} />
        </>
      )}
    </div>
  );
}

function Actions(props: { operation: Operation; onDone: (notice?: ComponentChildren) => void }) {
  const { api } = useAdmin();
  const { operation } = props;
  const operationId = operation.id;
  const path = { params: { path: { operationId } } };
  const open = operation.status === 'REQUESTED' || operation.status === 'PROCESSING';
  const isDeposit = operation.type === 'DEPOSIT';
  const reversible =
    operation.status === 'COMPLETED' &&
    (isDeposit || operation.type === 'WITHDRAWAL') &&
    field(operation, 'quoteId') === null &&
    !field(operation, 'reversedBy');
  const now = (status: string) => (result: unknown) =>
    props.onDone(
      result ? (
        <>
          <code>{operationId}</code> is now <StatusBadge status={status} />
        </>
      ) : undefined,
    );
  const actions = [
    isDeposit && operation.status === 'REQUESTED' && (
      <ActionButton
        key="receive"
        label="Receive deposit"
        title={`Mark deposit ${operationId} received?`}
        confirmLabel="Credit and complete"
        amount={{
          label: `Amount that arrived (${operation.asset})`,
          hint: `Leave empty to credit the requested ${operation.amount}. Decimal string, e.g. 99.50.`,
        }}
        run={({ amount }) =>
          must(
            api.POST('/admin/v1/operations/{operationId}/receive', {
              ...path,
              body: amount ? { amount } : {},
            }),
          )
        }
        onDone={now('COMPLETED')}
      >
        <p>The account is credited and the customer gets OPERATION_COMPLETED.</p>
      </ActionButton>
    ),
    open && !isDeposit && operation.type !== 'REVERSAL' && (
      <ActionButton
        key="complete"
        label="Complete"
        title={`Complete ${operation.type} ${operationId}?`}
        confirmLabel="Complete"
        run={() => must(api.POST('/admin/v1/operations/{operationId}/complete', path))}
        onDone={now('COMPLETED')}
      >
        <p>
          The rail paid it: the hold is captured (
          <Money amount={operation.amount} asset={operation.asset} />
          {operation.fees.length > 0 ? ' and its fees' : ''}) and the customer gets
          OPERATION_COMPLETED.
        </p>
      </ActionButton>
    ),
    open && operation.type !== 'REVERSAL' && (
      <ActionButton
        key="fail"
        label="Fail"
        title={`Fail ${operation.type} ${operationId}?`}
        confirmLabel="Fail operation"
        kind="danger"
        reason={{ code: isDeposit ? 'FUNDS_RETURNED' : 'RAIL_REJECTED' }}
        run={({ reason }) =>
          must(
            api.POST('/admin/v1/operations/{operationId}/fail', {
              ...path,
              body: { reason: reason! },
            }),
          )
        }
        onDone={now('FAILED')}
      >
        <p>
          {isDeposit ? 'Nothing is credited.' : 'Its hold is released to the available balance.'}{' '}
          The customer gets OPERATION_FAILED with this reason.
        </p>
      </ActionButton>
    ),
    reversible && (
      <ActionButton
        key="reverse"
        label="Reverse"
        title={`Reverse ${operation.type} ${operationId}?`}
        confirmLabel="Reverse"
        kind="danger"
        reason={{ code: 'FRAUD_CONFIRMED' }}
        run={({ reason }) =>
          must(
            api.POST('/admin/v1/operations/{operationId}/reverse', {
              ...path,
              body: { reason: reason! },
            }),
          )
        }
        onDone={(result) => {
          const reversal = (result as OperationView | undefined)?.operation;
          props.onDone(
            reversal ? (
              <>
                Reversed by{' '}
                <a href={OPERATOR.operation(reversal.id)}>
                  <code>{reversal.id}</code>
                </a>{' '}
                ({reversal.type} <StatusBadge status={reversal.status} />,{' '}
                <Money amount={reversal.amount} asset={reversal.asset} />
                ).
              </>
            ) : undefined,
          );
        }}
      >
        <p>
          {isDeposit
            ? 'A new REVERSAL operation debits the account by what arrived (less refunds); the available balance must cover it.'
            : 'A new REVERSAL operation credits the amount back to the account; its fees stay charged.'}{' '}
          Once per operation; the original keeps its status and records the reversal.
        </p>
      </ActionButton>
    ),
  ].filter(Boolean);
  if (actions.length === 0) {
    return <p class="muted">Nothing to do: this operation is {operation.status}.</p>;
  }
  return <div class="actions">{actions}</div>;
}
