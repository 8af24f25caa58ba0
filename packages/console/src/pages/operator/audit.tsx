import { useState } from 'preact/hooks';
import type { AuditAction, AuditEntry } from '../../api/admin.js';
import { must } from '../../api/http.js';
import {
  CodeBlock,
  Empty,
  Loading,
  PageHeader,
  Pager,
  ProblemAlert,
  Section,
  Time,
} from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { queryParam, useAdmin, usePagePosition } from './admin-hooks.js';
import { FilterForm, filtersKey, type FilterValues } from './filters.js';
import { IdLink, OPERATOR, TableWrap } from './parts.js';

/** Every action the audit log records (docs/admin.md "Audit log"), checked against the API's. */
const ACTIONS = [
  'CUSTOMER_CREATED',
  'CLIENT_CREATED',
  'CLIENT_SECRET_ROTATED',
  'CLIENT_DISABLED',
  'CLIENT_ENABLED',
  'CLIENT_UPDATED',
  'PAYMENT_INSTRUCTION_APPROVED',
  'PAYMENT_INSTRUCTION_REJECTED',
  'ACCOUNT_ASSET_ACTIVATED',
  'ACCOUNT_ASSET_FAILED',
  'ACCOUNT_FROZEN',
  'ACCOUNT_UNFROZEN',
  'DEPOSIT_RECEIVED',
  'OPERATION_COMPLETED',
  'OPERATION_FAILED',
  'OPERATION_REVERSED',
  'PIX_KEY_SET',
  'PIX_KEY_REMOVED',
  'EXCHANGE_RATE_SET',
] as const satisfies readonly AuditAction[];
// A new action in the API and not here fails the type check (the generated types say which).
const everyAction: Exclude<AuditAction, (typeof ACTIONS)[number]> extends never ? true : false =
  true;
void everyAction;

/** Where an audit row's subject has a page in the console. */
function subjectHref(entry: AuditEntry): string | undefined {
  switch (entry.subjectType) {
    case 'CUSTOMER':
      return OPERATOR.customer(entry.subjectId);
    case 'OPERATION':
      return OPERATOR.operation(entry.subjectId);
    case 'CLIENT':
    case 'PAYMENT_INSTRUCTION':
    case 'ACCOUNT':
    case 'PIX_KEY':
    case 'EXCHANGE_RATE':
      return undefined;
  }
}

/**
 * The audit log (docs/admin.md "Audit log"): one row per change made through the back-office,
 * committed with the change, newest first, with who acted (the name given at sign-in), what
 * the subject was before and after, and the request id to find the server's log line.
 */
export function AuditPage() {
  const { api } = useAdmin();
  const [filters, setFilters] = useState<FilterValues>(() => ({
    action: queryParam('action'),
    subjectId: queryParam('subjectId'),
  }));
  const { position, onPage } = usePagePosition(filtersKey(filters));
  const list = useAsync(
    () =>
      must(
        api.GET('/admin/v1/auditLog', {
          params: {
            query: {
              limit: 20,
              ...(filters.action ? { action: filters.action as AuditAction } : {}),
              ...(filters.subjectId ? { subjectId: filters.subjectId } : {}),
              ...position,
            },
          },
        }),
      ),
    [filters, position],
  );
  return (
    <div>
      <PageHeader
        title="Audit log"
        subtitle="Every back-office change, newest first, with who made it. Reads are not logged."
      />
      <FilterForm
        label="Filter the audit log"
        values={filters}
        onApply={setFilters}
        specs={[
          { name: 'action', label: 'Action', kind: 'select', options: ACTIONS },
          { name: 'subjectId', label: 'Subject id', kind: 'id', placeholder: 'acc_…, pin_…, op_…' },
        ]}
      />
      <Section title="Entries">
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data && <Loading what="the audit log" />}
        {list.data && list.data.data.length === 0 && <Empty>No entry matches.</Empty>}
        {list.data && list.data.data.length > 0 && (
          <TableWrap label="Audit log entries, newest first">
            <table>
              <caption>Audit log entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Actor</th>
                  <th scope="col">Action</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Before and after</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <Time iso={entry.createdAt} />
                    </td>
                    <td>
                      <code>{entry.actor}</code>
                    </td>
                    <th scope="row">
                      <code>{entry.action}</code>
                    </th>
                    <td>
                      <span class="muted small">{entry.subjectType}</span>{' '}
                      <IdLink id={entry.subjectId} href={subjectHref(entry)} />
                    </td>
                    <td>
                      <details>
                        <summary>Snapshots</summary>
                        <p class="small muted">
                          Request <code>{entry.requestId}</code> · entry <code>{entry.id}</code>
                        </p>
                        <CodeBlock value={entry.before} label={`Before ${entry.action}`} />
                        <CodeBlock value={entry.after} label={`After ${entry.action}`} />
                      </details>
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
