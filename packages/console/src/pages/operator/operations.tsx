import { useState } from 'preact/hooks';
import type { OperationPage } from '../../api/admin.js';
import {
  Empty,
  Loading,
  Money,
  PageHeader,
  Pager,
  ProblemAlert,
  Section,
  StatusBadge,
  Time,
} from '../../ui/components.js';
import { queryParam, useAdminLive, usePagePosition } from './admin-hooks.js';
import { withQuery } from '../../lib/query.js';
import { FilterForm, filtersKey, type FilterValues } from './filters.js';
import { IdLink, LiveNote, OPERATOR, TableWrap } from './parts.js';

export const OPERATION_STATUSES = ['REQUESTED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const OPERATION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'SWAP',
  'ORDER',
  'PIX_PAYMENT',
  'TRANSFER',
  'PIX_REFUND',
  'REVERSAL',
] as const;

/**
 * Every customer's operations, live (docs/admin.md "Operations"): what waits for the rail
 * (REQUESTED, PROCESSING) is what an operator settles in production. Each opens its page, where
 * the actions are.
 */
export function OperationsPage() {
  const [filters, setFilters] = useState<FilterValues>(() => ({
    status: queryParam('status'),
    type: queryParam('type'),
    customerId: queryParam('customerId'),
    accountId: queryParam('accountId'),
  }));
  const { position, onPage } = usePagePosition(filtersKey(filters));
  const list = useAdminLive<OperationPage>(
    withQuery('/admin/v1/operations', { ...filters, limit: 20, ...position }),
  );
  return (
    <div>
      <PageHeader
        title="Operations"
        subtitle="Every customer's money movements, newest first. Open one to settle, fail or reverse it."
      />
      <FilterForm
        label="Filter operations"
        values={filters}
        onApply={setFilters}
        specs={[
          { name: 'status', label: 'Status', kind: 'select', options: OPERATION_STATUSES },
          { name: 'type', label: 'Type', kind: 'select', options: OPERATION_TYPES },
          { name: 'customerId', label: 'Customer id', kind: 'id', placeholder: 'cus_…' },
          { name: 'accountId', label: 'Account id', kind: 'id', placeholder: 'acc_…' },
        ]}
      />
      <Section title="Operations">
        <LiveNote changedAt={list.changedAt} />
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data && <Loading what="operations" />}
        {list.data && list.data.data.length === 0 && <Empty>No operation matches.</Empty>}
        {list.data && list.data.data.length > 0 && (
          <TableWrap label="Operations, newest first">
            <table>
              <caption>Operations, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Operation</th>
                  <th scope="col">Customer and account</th>
                  <th scope="col" class="right">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map(({ customerId, operation }) => (
                  <tr key={operation.id}>
                    <th scope="row">
                      <a href={OPERATOR.operation(operation.id)}>{operation.type}</a>
                      <div class="muted small">
                        <code>{operation.id}</code>
                      </div>
                    </th>
                    <td>
                      <IdLink id={customerId} href={OPERATOR.customer(customerId)} />
                      <div class="small">
                        <IdLink
                          id={operation.accountId}
                          href={withQuery(OPERATOR.accounts, { customerId })}
                        />
                      </div>
                    </td>
                    <td class="right">
                      <Money amount={operation.amount} asset={operation.asset} />
                    </td>
                    <td>
                      <StatusBadge status={operation.status} />
                      {operation.reason && (
                        <div class="small">
                          <code>{operation.reason.code}</code>
                        </div>
                      )}
                    </td>
                    <td>
                      <Time iso={operation.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
        <Pager meta={list.data?.meta} onPage={onPage} />
      </Section>
    </div>
  );
}
