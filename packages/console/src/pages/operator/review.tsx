import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { InstructionPage } from '../../api/admin.js';
import { must } from '../../api/http.js';
import {
  Empty,
  Loading,
  PageHeader,
  Pager,
  ProblemAlert,
  Section,
  StatusBadge,
  Time,
} from '../../ui/components.js';
import { ActionButton } from './action-dialog.js';
import { queryParam, useAdmin, useAdminLive, usePagePosition } from './admin-hooks.js';
import { withQuery } from '../../lib/query.js';
import { FilterForm, filtersKey, type FilterValues } from './filters.js';
import {
  ActorWarning,
  holderLine,
  IdLink,
  instructionTarget,
  LiveNote,
  Notice,
  OPERATOR,
  TableWrap,
} from './parts.js';

const STATUSES = ['PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;

/**
 * The review queue (docs/admin.md "Payment instructions"): every customer's instructions
 * awaiting a decision, live, each approved or rejected here with a reason the customer reads.
 * In production nothing else decides them; in the sandbox the simulator does within seconds
 * unless a human is faster. `status` "Any" lists every decision too.
 */
export function ReviewPage() {
  const { api } = useAdmin();
  const [filters, setFilters] = useState<FilterValues>(() => ({
    status: queryParam('status') === 'ALL' ? '' : queryParam('status') || 'PENDING_REVIEW',
    customerId: queryParam('customerId'),
    beneficiaryId: queryParam('beneficiaryId'),
  }));
  const key = filtersKey(filters);
  const { position, onPage } = usePagePosition(key);
  const list = useAdminLive<InstructionPage>(
    withQuery('/admin/v1/paymentInstructions', { ...filters, limit: 20, ...position }),
  );
  const [notice, setNotice] = useState<ComponentChildren>();
  const pending = filters.status === 'PENDING_REVIEW';

  return (
    <div>
      <PageHeader
        title="Review queue"
        subtitle="Payment instructions of every customer, newest first. A decision is final; the customer gets a webhook event and sees it on the instruction."
      />
      <ActorWarning />
      <FilterForm
        label="Filter payment instructions"
        values={filters}
        onApply={setFilters}
        specs={[
          { name: 'status', label: 'Status', kind: 'select', options: STATUSES },
          { name: 'customerId', label: 'Customer id', kind: 'id', placeholder: 'cus_…' },
          { name: 'beneficiaryId', label: 'Beneficiary id', kind: 'id', placeholder: 'ben_…' },
        ]}
      />
      <Notice>{notice}</Notice>
      <Section title={pending ? 'Awaiting review' : 'Payment instructions'}>
        <LiveNote changedAt={list.changedAt} />
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data && <Loading what="payment instructions" />}
        {list.data && list.data.data.length === 0 && (
          <Empty>{pending ? 'Nothing awaits review.' : 'No payment instruction matches.'}</Empty>
        )}
        {list.data && list.data.data.length > 0 && (
          <TableWrap
            label={pending ? 'Payment instructions awaiting review' : 'Payment instructions'}
          >
            <table>
              <caption>
                {pending ? 'Payment instructions awaiting review' : 'Payment instructions'}, newest
                first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Holder</th>
                  <th scope="col">Pays to</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Status</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((item) => {
                  const { instruction } = item;
                  const path = { params: { path: { instructionId: instruction.id } } };
                  const who = `${instruction.id} (${item.holder.name})`;
                  return (
                    <tr key={instruction.id}>
                      <th scope="row">
                        {holderLine(item)}
                        <div class="muted small">
                          {item.relationshipType} · <code>{instruction.id}</code>
                        </div>
                      </th>
                      <td class="op-wrap">{instructionTarget(instruction)}</td>
                      <td>
                        <IdLink id={item.customerId} href={OPERATOR.customer(item.customerId)} />
                      </td>
                      <td>
                        <StatusBadge status={instruction.status} />
                        {item.removedAt && (
                          <div class="small muted">
                            removed by the customer <Time iso={item.removedAt} />
                          </div>
                        )}
                        {instruction.reason && (
                          <div class="small">
                            <code>{instruction.reason.code}</code> {instruction.reason.message}
                          </div>
                        )}
                      </td>
                      <td>
                        <Time iso={instruction.createdAt} />
                      </td>
                      <td class="op-row-actions">
                        {instruction.status === 'PENDING_REVIEW' && (
                          <>
                            <ActionButton
                              label="Approve"
                              subject={who}
                              title={`Approve ${instruction.id}?`}
                              confirmLabel="Approve"
                              run={() =>
                                must(
                                  api.POST(
                                    '/admin/v1/paymentInstructions/{instructionId}/approve',
                                    path,
                                  ),
                                )
                              }
                              onDone={(result) => {
                                if (result)
                                  setNotice(
                                    <>
                                      <code>{instruction.id}</code> ({item.holder.name}) is now{' '}
                                      <StatusBadge status="APPROVED" />
                                    </>,
                                  );
                                list.reload();
                              }}
                            >
                              <p>
                                {holderLine(item)} — {instructionTarget(instruction)}. The customer
                                can pay out to it from now on.
                              </p>
                            </ActionButton>
                            <ActionButton
                              label="Reject"
                              subject={who}
                              title={`Reject ${instruction.id}?`}
                              confirmLabel="Reject"
                              kind="danger"
                              reason={{ code: 'COMPLIANCE_REJECTED' }}
                              run={({ reason }) =>
                                must(
                                  api.POST('/admin/v1/paymentInstructions/{instructionId}/reject', {
                                    ...path,
                                    body: { reason: reason! },
                                  }),
                                )
                              }
                              onDone={(result) => {
                                if (result)
                                  setNotice(
                                    <>
                                      <code>{instruction.id}</code> ({item.holder.name}) is now{' '}
                                      <StatusBadge status="REJECTED" />
                                    </>,
                                  );
                                list.reload();
                              }}
                            >
                              <p>
                                {holderLine(item)} — {instructionTarget(instruction)}. The customer
                                sees the code and message.
                              </p>
                            </ActionButton>
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
        )}
        <Pager meta={list.data?.meta} onPage={onPage} />
      </Section>
    </div>
  );
}
