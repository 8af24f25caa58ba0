import type { InstructionPage, JobStats, OperationPage } from '../../api/admin.js';
import { withQuery } from '../../lib/query.js';
import { Section } from '../../ui/components.js';
import { useAdminLive } from '../operator/admin-hooks.js';
import { OPERATOR } from '../operator/parts.js';

/** At most this many items a list figure counts (one page; "100+" beyond). */
const PAGE = 100;

function Count(props: {
  label: string;
  href: string;
  page: { data: unknown[]; meta: { nextCursor: string | null } } | undefined;
  bad?: boolean;
}) {
  const n = props.page?.data.length;
  const value = n === undefined ? '…' : `${n}${props.page?.meta.nextCursor ? '+' : ''}`;
  return (
    <div class={`dash-figure${props.bad && n ? ' dash-bad' : ''}`}>
      <dt>
        <a href={props.href}>{props.label}</a>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The operator's overview: what waits for a person (reviews, operations left to the
 * back-office) and whether the machinery keeps up (overdue and parked jobs, webhook backlog),
 * each linking to the page that acts on it.
 */
export function OperatorDashboard() {
  const reviews = useAdminLive<InstructionPage>(
    withQuery('/admin/v1/paymentInstructions', { status: 'PENDING_REVIEW', limit: PAGE }),
    5000,
  );
  const waiting = useAdminLive<OperationPage>(
    withQuery('/admin/v1/operations', { status: 'REQUESTED', limit: PAGE }),
    5000,
  );
  const jobs = useAdminLive<JobStats>('/admin/v1/jobs/stats', 5000);
  const total = jobs.data?.total;
  const figure = (label: string, value: number | undefined, bad: boolean) => (
    <div class={`dash-figure${bad && value ? ' dash-bad' : ''}`}>
      <dt>
        <a href={OPERATOR.health}>{label}</a>
      </dt>
      <dd>{value ?? '…'}</dd>
    </div>
  );
  return (
    <Section title="Back-office">
      <dl class="dash-figures" aria-label="Back-office">
        <Count label="Waiting for review" href={OPERATOR.review} page={reviews.data} />
        <Count
          label="Operations REQUESTED"
          href={withQuery(OPERATOR.operations, { status: 'REQUESTED' })}
          page={waiting.data}
        />
        {figure('Overdue jobs', total?.overdue, true)}
        {figure('Parked jobs', total?.parked, true)}
        {figure('Webhook backlog', jobs.data?.deliveries.pendingMessages, false)}
      </dl>
      <p>
        See the <a href={OPERATOR.home}>operator view</a>.
      </p>
    </Section>
  );
}
