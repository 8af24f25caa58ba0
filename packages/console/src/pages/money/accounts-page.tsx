import { useState } from 'preact/hooks';
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
import { SelectInput } from './form-fields.js';
import { pageQuery, withQuery } from '../../lib/query.js';
import { DataTable } from './tables.js';
import type { Account, Page, PagePosition } from './types.js';

const TYPES = ['CHECKING', 'SAVING'] as const;
const STATUSES = ['OPENING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;

/** /console/accounts: every account of the customer, filtered by type and status, paged. */
export function AccountsPage() {
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState<PagePosition>();
  const list = useLive<Page<Account>>(
    withQuery('/v1/accounts', { type, status, limit: '20', ...pageQuery(page) }),
    3000,
  );
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(undefined);
  };
  return (
    <div>
      <PageHeader
        title="Accounts"
        subtitle="Balances per asset, statements and how to fund each account."
        actions={
          <a class="money-a btn btn-primary" href="/console/accounts/new">
            Open an account
          </a>
        }
      />
      <Section title="Your accounts">
        <form class="inline" aria-label="Filter accounts" onSubmit={(e) => e.preventDefault()}>
          <SelectInput
            label="Type"
            value={type}
            empty="Any"
            options={TYPES}
            onChange={filter(setType)}
          />
          <SelectInput
            label="Status"
            value={status}
            empty="Any"
            options={STATUSES}
            onChange={filter(setStatus)}
          />
        </form>
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data ? (
          <Loading what="accounts" />
        ) : list.data?.data.length === 0 ? (
          <Empty>
            No account{type || status ? ' matches these filters' : ' yet'}.{' '}
            <a href="/console/accounts/new">Open one</a>.
          </Empty>
        ) : (
          list.data && <AccountsTable accounts={list.data.data} />
        )}
        <Pager
          meta={list.data?.meta}
          onPage={(cursor, direction) => setPage({ cursor, direction })}
        />
      </Section>
    </div>
  );
}

function AccountsTable(props: { accounts: Account[] }) {
  return (
    <DataTable
      caption="Accounts, newest first"
      columns={[
        'Account',
        'Type',
        'Status',
        'Assets',
        { label: 'Available', right: true },
        'Opened',
      ]}
    >
      {props.accounts.map((a) => (
        <tr key={a.id}>
          <td>
            <a href={`/console/accounts/${a.id}`}>{a.name ?? 'Unnamed account'}</a>
            <div class="muted small">
              <code>{a.id}</code>
            </div>
          </td>
          <td>{a.type}</td>
          <td>
            <StatusBadge status={a.status} />
          </td>
          <td>
            <ul class="money-plain">
              {a.assets.map((s) => (
                <li key={s.asset}>
                  {s.asset} <StatusBadge status={s.status} />
                </li>
              ))}
            </ul>
          </td>
          <td class="right">
            <ul class="money-plain">
              {a.balances.map((b) => (
                <li key={b.asset}>
                  <Money amount={b.available} asset={b.asset} />
                </li>
              ))}
            </ul>
          </td>
          <td>
            <Time iso={a.createdAt} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
