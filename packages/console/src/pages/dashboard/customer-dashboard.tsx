import { formatTime, money, sumAmounts } from '../../lib/format.js';
import { withQuery } from '../../lib/query.js';
import { StackedBars, LineChart } from '../../ui/charts.js';
import { Empty, Section } from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import type { ApiProblem } from '../../api/problem.js';
import type { Account, Operation, Page } from '../money/types.js';
import { bucketAttempts, type Attempt } from './attempt-buckets.js';
import {
  DASHBOARD_ATTEMPTS,
  DASHBOARD_SUBSCRIPTIONS,
  useDeliveryFigures,
} from './use-delivery-figures.js';

/** At most this many accounts and operations feed the figures (one page each). */
const PAGE = 100;

/** A figure that could not be read: a client without that scope, or the server unreachable. */
function Unavailable(props: { problem: ApiProblem }) {
  return (
    <p class="muted small">
      Not available:{' '}
      {props.problem.status === 403
        ? `this client lacks the scope (${props.problem.code}).`
        : props.problem.detail || props.problem.title}
    </p>
  );
}

function Figure(props: { label: string; value: string; href?: string; tone?: 'bad' | 'ok' }) {
  return (
    <div class={`dash-figure${props.tone ? ` dash-${props.tone}` : ''}`}>
      <dt>{props.href ? <a href={props.href}>{props.label}</a> : props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}

/** Available and pending per asset, summed over the accounts (exactly, never through a float). */
function Balances() {
  const list = useLive<Page<Account>>(`/v1/accounts?limit=${PAGE}`, 3000);
  if (list.error) return <Unavailable problem={list.error} />;
  if (!list.data) return <p class="muted small">…</p>;
  const accounts = list.data.data;
  const assets = [...new Set(accounts.flatMap((a) => a.balances.map((b) => b.asset)))];
  if (assets.length === 0)
    return (
      <Empty>
        No account yet: <a href="/console/accounts/new">open one</a>.
      </Empty>
    );
  const of = (asset: string, key: 'available' | 'pending') =>
    sumAmounts(
      accounts.flatMap((a) => a.balances.filter((b) => b.asset === asset).map((b) => b[key])),
      asset,
    );
  return (
    <>
      <dl class="dash-figures" aria-label="Balances">
        {assets.map((asset) => (
          <Figure
            key={asset}
            label={`${asset} available`}
            value={money(of(asset, 'available'), asset)}
            href="/console/accounts"
          />
        ))}
      </dl>
      <p class="muted small">
        Over {accounts.length} {accounts.length === 1 ? 'account' : 'accounts'}
        {list.data.meta.nextCursor ? ` (the first ${PAGE})` : ''}; pending:{' '}
        {assets.map((asset) => money(of(asset, 'pending'), asset)).join(' · ')}.
      </p>
    </>
  );
}

/** Operations created since midnight in the reader's zone, by outcome. */
function OperationsToday() {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const since = midnight.toISOString();
  const list = useLive<Page<Operation>>(
    withQuery('/v1/operations', { createdAtFrom: since, limit: String(PAGE) }),
    3000,
  );
  if (list.error) return <Unavailable problem={list.error} />;
  if (!list.data) return <p class="muted small">…</p>;
  const ops = list.data.data;
  const plus = list.data.meta.nextCursor ? '+' : '';
  const count = (...statuses: string[]) => ops.filter((o) => statuses.includes(o.status)).length;
  const link = (status?: string) =>
    withQuery('/console/operations', { status, createdAtFrom: since });
  return (
    <dl class="dash-figures" aria-label="Operations today">
      <Figure label="Operations today" value={`${ops.length}${plus}`} href={link()} />
      <Figure
        label="Completed"
        value={String(count('COMPLETED'))}
        href={link('COMPLETED')}
        tone="ok"
      />
      <Figure label="In progress" value={String(count('REQUESTED', 'PROCESSING'))} href={link()} />
      <Figure
        label="Failed"
        value={String(count('FAILED'))}
        href={link('FAILED')}
        tone={count('FAILED') > 0 ? 'bad' : undefined}
      />
    </dl>
  );
}

/** Failing subscriptions and undelivered messages, and the newest attempts as two charts. */
function Deliveries() {
  const figures = useDeliveryFigures();
  if (figures.error) return <Unavailable problem={figures.error} />;
  const f = figures.data;
  if (!f) return <p class="muted small">…</p>;
  if (f.subscriptions.length === 0)
    return (
      <Empty>
        No subscription yet: <a href="/console/webhooks/new">create one</a>.
      </Empty>
    );
  return (
    <>
      <dl class="dash-figures" aria-label="Deliveries">
        <Figure
          label="Failing subscriptions"
          value={String(f.failing)}
          href="/console/webhooks"
          tone={f.failing > 0 ? 'bad' : 'ok'}
        />
        <Figure
          label="Failed messages"
          value={String(f.failedMessages)}
          href="/console/webhooks"
          tone={f.failedMessages > 0 ? 'bad' : undefined}
        />
        <Figure
          label="Pending messages"
          value={`${f.pending}${f.pendingCapped ? '+' : ''}`}
          href="/console/webhooks"
        />
      </dl>
      <DeliveryCharts attempts={f.attempts} />
      <p class="muted small">
        From {f.subscriptions.length}{' '}
        {f.subscriptions.length === 1 ? 'subscription' : 'subscriptions'}
        {f.more ? ` (the first ${DASHBOARD_SUBSCRIPTIONS})` : ''} and the newest{' '}
        {DASHBOARD_ATTEMPTS} attempts of each.
      </p>
    </>
  );
}

function DeliveryCharts(props: { attempts: Attempt[] }) {
  const attempts = props.attempts;
  if (attempts.length === 0) return <p class="muted small">No delivery attempt yet.</p>;
  const buckets = bucketAttempts(attempts, Date.now());
  const from = formatTime(new Date(buckets[0]!.start).toISOString());
  const to = 'now';
  const ok = attempts.filter((a) => a.ok).length;
  const durations = attempts.map((a) => a.durationMs).sort((a, b) => a - b);
  const medianMs = durations[Math.floor(durations.length / 2)]!;
  return (
    <div class="dash-charts">
      <figure>
        <StackedBars
          label={`Delivery attempts since ${from}: ${ok} of ${attempts.length} succeeded (${Math.round((ok / attempts.length) * 100)} %), ${attempts.length - ok} failed.`}
          bars={buckets.map((b) => ({ good: b.succeeded, bad: b.failed }))}
          from={from}
          to={to}
        />
        <figcaption>
          Delivery success: <span class="dash-key dash-key-good">succeeded</span> and{' '}
          <span class="dash-key dash-key-bad">failed</span> attempts over time
        </figcaption>
      </figure>
      <figure>
        <LineChart
          label={`Delivery latency since ${from}: median ${medianMs} ms, slowest ${durations[durations.length - 1]} ms.`}
          values={buckets.map((b) => b.medianMs)}
          unit=" ms"
          from={from}
          to={to}
        />
        <figcaption>Delivery latency: the median attempt's duration over time</figcaption>
      </figure>
    </div>
  );
}

/** The customer's overview: the figures people look at first, each linking to its page. */
export function CustomerDashboard() {
  return (
    <>
      <Section title="Balances">
        <Balances />
      </Section>
      <Section title="Today">
        <OperationsToday />
      </Section>
      <Section title="Deliveries">
        <Deliveries />
      </Section>
    </>
  );
}
