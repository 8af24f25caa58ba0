import type { JobStats } from '../../api/admin.js';
import { ago } from '../../lib/format.js';
import { Loading, PageHeader, ProblemAlert, Section, Time } from '../../ui/components.js';
import { useAdminLive } from './admin-hooks.js';
import { LiveNote, TableWrap } from './parts.js';
import { RailsHealth } from './rails-health.js';

type Counts = JobStats['total'];

const COLUMNS: [keyof Omit<Counts, 'oldestDueAt'>, string][] = [
  ['due', 'Due'],
  ['overdue', 'Overdue'],
  ['leaseExpired', 'Lease expired'],
  ['scheduled', 'Scheduled'],
  ['leased', 'Running'],
  ['parked', 'Parked'],
];

/** How long ago a job became due, for "oldest due". */
function waiting(iso: string | null) {
  if (!iso) return <span class="muted">—</span>;
  return (
    <span>
      {ago(iso)} (<Time iso={iso} />)
    </span>
  );
}

/**
 * Job and delivery health (docs/admin.md "Jobs and deliveries"): the queue by kind and state,
 * what is overdue or parked, the webhook backlog. The figures of `cofre jobs stats` and the
 * cofre_jobs* metrics, polled every five seconds (a 304 while nothing changes); and, in
 * production with rails, each rail's state, waiting payouts and reconciliation (rails-health.tsx).
 */
export function HealthPage() {
  const stats = useAdminLive<JobStats>('/admin/v1/jobs/stats', 5000);
  const data = stats.data;
  return (
    <div>
      <PageHeader
        title="Job and delivery health"
        subtitle="The job queue by kind and state: webhook deliveries, sandbox steps, expiries, order checks."
      />
      <LiveNote changedAt={stats.changedAt} />
      <RailsHealth />
      <ProblemAlert problem={stats.error} />
      {stats.loading && !data && <Loading what="the job counts" />}
      {data && (
        <>
          {data.truncated && (
            <p class="alert alert-info" role="status">
              A state holds more than 10,000 jobs: these counts are lower bounds.{' '}
              <code>cofre jobs stats</code> counts them exactly.
            </p>
          )}
          <Section title="At a glance">
            <dl class="op-figures">
              <Figure label="Due now" value={data.total.due} />
              <Figure
                label={`Overdue (> ${data.overdueAfterSeconds} s)`}
                value={data.total.overdue}
                bad
              />
              <Figure label="Parked (failed for good)" value={data.total.parked} bad />
              <Figure label="Running" value={data.total.leased} />
              <Figure label="Scheduled" value={data.total.scheduled} />
              <Figure label="Webhook messages pending" value={data.deliveries.pendingMessages} />
              <Figure label="Webhook attempts parked" value={data.deliveries.parkedAttempts} bad />
            </dl>
            <p class="small muted">
              Oldest due job: {waiting(data.total.oldestDueAt)}. Oldest due webhook attempt:{' '}
              {waiting(data.deliveries.oldestDueAt)}.
            </p>
            {data.total.parked > 0 && (
              <p class="small">
                Parked jobs wait for an operator with database access:{' '}
                <code>cofre jobs list --failed</code>, then <code>cofre jobs retry JOB_ID</code>.
              </p>
            )}
          </Section>
          <Section title="By kind">
            <TableWrap label="Jobs by kind and state">
              <table>
                <caption>Jobs by kind and state</caption>
                <thead>
                  <tr>
                    <th scope="col">Kind</th>
                    {COLUMNS.map(([key, label]) => (
                      <th key={key} scope="col" class="right">
                        {label}
                      </th>
                    ))}
                    <th scope="col">Oldest due</th>
                  </tr>
                </thead>
                <tbody>
                  {data.kinds.map((kind) => (
                    <tr key={kind.kind}>
                      <th scope="row">
                        <code>{kind.kind}</code>
                      </th>
                      {COLUMNS.map(([key]) => (
                        <td
                          key={key}
                          class={`right num${
                            kind[key] > 0 && (key === 'overdue' || key === 'parked')
                              ? ' op-bad'
                              : kind[key] === 0
                                ? ' muted'
                                : ''
                          }`}
                        >
                          {kind[key]}
                        </td>
                      ))}
                      <td>{waiting(kind.oldestDueAt)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    {COLUMNS.map(([key]) => (
                      <td key={key} class="right num">
                        {data.total[key]}
                      </td>
                    ))}
                    <td>{waiting(data.total.oldestDueAt)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableWrap>
          </Section>
        </>
      )}
    </div>
  );
}

function Figure(props: { label: string; value: number; bad?: boolean }) {
  return (
    <div class={props.bad && props.value > 0 ? 'op-figure op-figure-bad' : 'op-figure'}>
      <dt>{props.label}</dt>
      <dd class="num">{props.value}</dd>
    </div>
  );
}
