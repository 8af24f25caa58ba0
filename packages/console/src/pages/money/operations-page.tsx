import { useState } from 'preact/hooks';
import { ASSETS, isoToLocalInput, localInputToIso } from '../../lib/format.js';
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
import { useLive } from '../../ui/hooks.js';
import { AccountSelect, useAccounts } from './account-fields.js';
import { NewOperationLinks } from './new-operation-links.js';
import { OperationSummary } from './operation-summary.js';
import { SelectInput, TextInput } from './form-fields.js';
import { pageQuery, withQuery } from '../../lib/query.js';
import { DataTable } from './tables.js';
import { OPERATION_STATUSES, OPERATION_TYPES } from './types.js';
import type { Operation, Page, PagePosition } from './types.js';

interface Filters {
  type: string;
  status: string;
  asset: string;
  accountId: string;
  externalReference: string;
  createdAtFrom: string;
  createdAtTo: string;
  limit: string;
}

/**
 * /console/operations: GET /v1/operations with its filters, polled every 2 s (a new or changed
 * operation shows without a reload), paged by cursor. `?accountId=…` (and `type`, `status`,
 * `createdAtFrom` as an instant: the overview's "today" links) in the URL preset the filters.
 */
export function OperationsPage(props: { query?: Record<string, string> }) {
  const accounts = useAccounts();
  const [filters, setFilters] = useState<Filters>({
    type: props.query?.type ?? '',
    status: props.query?.status ?? '',
    asset: '',
    accountId: props.query?.accountId ?? '',
    externalReference: '',
    createdAtFrom: props.query?.createdAtFrom ? isoToLocalInput(props.query.createdAtFrom) : '',
    createdAtTo: '',
    limit: '20',
  });
  const [page, setPage] = useState<PagePosition>();
  const set = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(undefined);
  };
  const path = withQuery('/v1/operations', {
    type: filters.type,
    status: filters.status,
    asset: filters.asset,
    accountId: filters.accountId,
    externalReference: filters.externalReference.trim(),
    createdAtFrom: localInputToIso(filters.createdAtFrom),
    createdAtTo: localInputToIso(filters.createdAtTo),
    limit: filters.limit,
    ...pageQuery(page),
  });
  const list = useLive<Page<Operation>>(path, 2000);
  return (
    <div>
      <PageHeader
        title="Operations"
        subtitle="Every movement of money, newest first; this list updates on its own."
        actions={<NewOperationLinks accountId={filters.accountId || undefined} />}
      />
      <Section title="Filters">
        <form
          class="inline money-filters"
          aria-label="Filter operations"
          onSubmit={(e) => e.preventDefault()}
        >
          <SelectInput
            label="Type"
            value={filters.type}
            empty="Any"
            options={OPERATION_TYPES}
            onChange={(type) => set({ type })}
          />
          <SelectInput
            label="Status"
            value={filters.status}
            empty="Any"
            options={OPERATION_STATUSES}
            onChange={(status) => set({ status })}
          />
          <SelectInput
            label="Asset"
            value={filters.asset}
            empty="Any"
            options={ASSETS}
            onChange={(asset) => set({ asset })}
          />
          <AccountSelect
            accounts={accounts.data}
            value={filters.accountId}
            onChange={(accountId) => set({ accountId })}
            empty="Any account"
            hint=""
          />
          <TextInput
            label="External reference"
            value={filters.externalReference}
            onInput={(externalReference) => set({ externalReference })}
          />
          <TextInput
            label="Created from"
            type="datetime-local"
            value={filters.createdAtFrom}
            onInput={(createdAtFrom) => set({ createdAtFrom })}
            error={list.error?.fieldError('/createdAtFrom')}
          />
          <TextInput
            label="Created before"
            type="datetime-local"
            value={filters.createdAtTo}
            onInput={(createdAtTo) => set({ createdAtTo })}
            error={list.error?.fieldError('/createdAtTo')}
          />
          <SelectInput
            label="Per page"
            value={filters.limit}
            options={['5', '20', '50', '100']}
            onChange={(limit) => set({ limit })}
          />
        </form>
      </Section>
      <Section title="Results">
        <p class="live">Live: new operations and state changes appear on their own.</p>
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data ? (
          <Loading what="operations" />
        ) : list.data?.data.length === 0 ? (
          <Empty>No operation matches.</Empty>
        ) : (
          list.data && <OperationsTable operations={list.data.data} />
        )}
        <Pager
          meta={list.data?.meta}
          onPage={(cursor, direction) => setPage({ cursor, direction })}
        />
      </Section>
    </div>
  );
}

export function OperationsTable(props: { operations: Operation[]; caption?: string }) {
  return (
    <DataTable
      caption={props.caption ?? 'Operations, newest first'}
      columns={[
        'Created',
        'Type',
        'Status',
        { label: 'Amount', right: true },
        'Details',
        'Account',
      ]}
    >
      {props.operations.map((o) => (
        <tr key={o.id}>
          <td>
            <Time iso={o.createdAt} />
          </td>
          <td>
            <a href={`/console/operations/${o.id}`}>
              {o.type} <code class="money-block small">{o.id}</code>
            </a>
          </td>
          <td>
            <StatusBadge status={o.status} />
          </td>
          <td class="right">
            <Money amount={o.amount} asset={o.asset} />
          </td>
          <td class="small">
            <OperationSummary operation={o} />
          </td>
          <td>
            <a href={`/console/accounts/${o.accountId}`}>
              <code>{o.accountId}</code>
            </a>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
