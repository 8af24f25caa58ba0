import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { AccountPage, OperatorAccount } from '../../api/admin.js';
import { must } from '../../api/http.js';
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
import { ActionButton } from './action-dialog.js';
import { queryParam, useAdmin, useAdminLive, usePagePosition } from './admin-hooks.js';
import { withQuery } from '../../lib/query.js';
import { FilterForm, filtersKey, type FilterValues } from './filters.js';
import { ActorWarning, IdLink, LiveNote, Notice, OPERATOR, TableWrap } from './parts.js';

const STATUSES = ['OPENING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const;

/**
 * Every customer's accounts (docs/admin.md "Accounts"): finish an asset's onboarding (activate,
 * or fail it with a reason), freeze an ACTIVE account, unfreeze a FROZEN one. OPENING: no asset
 * active yet.
 */
export function AccountsPage() {
  const [filters, setFilters] = useState<FilterValues>(() => ({
    status: queryParam('status'),
    customerId: queryParam('customerId'),
  }));
  const { position, onPage } = usePagePosition(filtersKey(filters));
  const list = useAdminLive<AccountPage>(
    withQuery('/admin/v1/accounts', { ...filters, limit: 20, ...position }),
  );
  const [notice, setNotice] = useState<ComponentChildren>();
  return (
    <div>
      <PageHeader
        title="Accounts"
        subtitle="Every customer's accounts, newest first, with their assets and balances."
      />
      <ActorWarning />
      <FilterForm
        label="Filter accounts"
        values={filters}
        onApply={setFilters}
        specs={[
          { name: 'status', label: 'Status', kind: 'select', options: STATUSES },
          { name: 'customerId', label: 'Customer id', kind: 'id', placeholder: 'cus_…' },
        ]}
      />
      <Notice>{notice}</Notice>
      <Section title="Accounts">
        <LiveNote changedAt={list.changedAt} />
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data && <Loading what="accounts" />}
        {list.data && list.data.data.length === 0 && <Empty>No account matches.</Empty>}
        {list.data && list.data.data.length > 0 && (
          <TableWrap label="Accounts, newest first">
            <table>
              <caption>Accounts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Status</th>
                  <th scope="col">Assets</th>
                  <th scope="col" class="right">
                    Available
                  </th>
                  <th scope="col">Opened</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((item) => (
                  <AccountRow
                    key={item.account.id}
                    item={item}
                    onDone={(text) => {
                      if (text) setNotice(text);
                      list.reload();
                    }}
                  />
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

function AccountRow(props: {
  item: OperatorAccount;
  onDone: (notice?: ComponentChildren) => void;
}) {
  const { api } = useAdmin();
  const { account, customerId } = props.item;
  const accountId = account.id;
  const frozen = account.status === 'FROZEN';
  return (
    <tr>
      <th scope="row">
        <code>{accountId}</code>
        <div class="muted small">
          {account.type}
          {account.name ? ` · ${account.name}` : ''}
        </div>
        <a class="small" href={withQuery(OPERATOR.operations, { accountId })}>
          Operations
        </a>
      </th>
      <td>
        <IdLink id={customerId} href={OPERATOR.customer(customerId)} />
      </td>
      <td>
        <StatusBadge status={account.status} />
        {(account.status === 'ACTIVE' || frozen) && (
          <div class="op-row-actions">
            <ActionButton
              label={frozen ? 'Unfreeze' : 'Freeze'}
              subject={accountId}
              title={`${frozen ? 'Unfreeze' : 'Freeze'} ${accountId}?`}
              confirmLabel={frozen ? 'Unfreeze account' : 'Freeze account'}
              kind={frozen ? 'primary' : 'danger'}
              run={() =>
                must(
                  api.POST(
                    frozen
                      ? '/admin/v1/accounts/{accountId}/unfreeze'
                      : '/admin/v1/accounts/{accountId}/freeze',
                    { params: { path: { accountId } } },
                  ),
                )
              }
              onDone={(result) =>
                props.onDone(
                  result ? (
                    <>
                      <code>{accountId}</code> is now{' '}
                      <StatusBadge status={frozen ? 'ACTIVE' : 'FROZEN'} />
                    </>
                  ) : undefined,
                )
              }
            >
              <p>
                {frozen
                  ? 'Money may leave it again.'
                  : 'No new money leaves it (withdrawals and payments are refused); balances, history and money in flight are kept. No event is sent: the customer sees the status on its next read.'}
              </p>
            </ActionButton>
          </div>
        )}
      </td>
      <td>
        <ul class="op-assets">
          {account.assets.map(({ asset, status }) => {
            const path = { params: { path: { accountId, asset } } };
            return (
              <li key={asset}>
                {asset} <StatusBadge status={status} />
                {status === 'ONBOARDING' && (
                  <span class="op-row-actions">
                    <ActionButton
                      label="Activate"
                      subject={`${asset} of ${accountId}`}
                      title={`Activate ${asset} of ${accountId}?`}
                      confirmLabel="Activate"
                      run={() =>
                        must(
                          api.POST('/admin/v1/accounts/{accountId}/assets/{asset}/activate', path),
                        )
                      }
                      onDone={(result) =>
                        props.onDone(result ? `${asset} of ${accountId} is now ACTIVE.` : undefined)
                      }
                    >
                      <p>
                        The customer gets ACCOUNT_ASSET_ACTIVATED; an OPENING account becomes
                        ACTIVE.
                      </p>
                    </ActionButton>
                    <ActionButton
                      label="Fail"
                      subject={`${asset} of ${accountId}`}
                      title={`Fail the onboarding of ${asset} on ${accountId}?`}
                      confirmLabel="Fail onboarding"
                      kind="danger"
                      reason={{ code: 'KYB_INCOMPLETE' }}
                      run={({ reason }) =>
                        must(
                          api.POST('/admin/v1/accounts/{accountId}/assets/{asset}/fail', {
                            ...path,
                            body: { reason: reason! },
                          }),
                        )
                      }
                      onDone={(result) =>
                        props.onDone(result ? `${asset} of ${accountId} is now FAILED.` : undefined)
                      }
                    >
                      <p>Final: the customer gets ACCOUNT_ASSET_FAILED with this reason.</p>
                    </ActionButton>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </td>
      <td class="right">
        {account.balances.map((b) => (
          <div key={b.asset}>
            <Money amount={b.available} asset={b.asset} />
            {!/^0(\.0*)?$/.test(b.pending) && (
              <div class="muted small">
                held <Money amount={b.pending} asset={b.asset} />
              </div>
            )}
          </div>
        ))}
      </td>
      <td>
        <Time iso={account.createdAt} />
      </td>
    </tr>
  );
}
