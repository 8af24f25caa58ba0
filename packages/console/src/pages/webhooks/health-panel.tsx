import { Details, ProblemAlert, Section, StatusBadge, Time } from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { ago } from '../../lib/format.js';
import { pendingText, VerdictBadge } from './health-summary.js';
import { LiveStatus } from './live-status.js';
import type { SubscriptionHealth } from './types.js';

/** GET …/health, live: the figures Stripe's and Svix's dashboards show per endpoint. */
export function HealthPanel(props: { subscriptionId: string }) {
  const health = useLive<SubscriptionHealth>(`/v1/subscriptions/${props.subscriptionId}/health`);
  const h = health.data;
  return (
    <Section title="Delivery health">
      <p class="section-meta">
        {h && <VerdictBadge health={h} />}{' '}
        <LiveStatus changedAt={health.changedAt} error={health.error} />
      </p>
      {!h ? (
        <ProblemAlert problem={health.error} />
      ) : (
        <Details
          items={[
            ['Status', <StatusBadge status={h.status} />],
            [
              'Pending messages',
              <span title="Queued, waiting for a retry, or held while paused">
                {pendingText(h)}
                {h.pendingMessagesCapped && ' (counted up to 10,000)'}
              </span>,
            ],
            [
              'Failed messages',
              <span title="Retries exhausted or not allowed; not delivered since">
                {h.failedMessages}
              </span>,
            ],
            ['Failed attempts since the last success', h.consecutiveFailures],
            [
              'Last success',
              h.lastSuccess ? (
                <>
                  <Time iso={h.lastSuccess.at} />{' '}
                  <span class="muted small">({ago(h.lastSuccess.at)})</span>
                  <div class="muted small">
                    <code>{h.lastSuccess.messageId}</code>
                  </div>
                </>
              ) : (
                'none yet'
              ),
            ],
            [
              'Last failure',
              h.lastFailure ? (
                <>
                  <Time iso={h.lastFailure.at} />{' '}
                  <span class="muted small">({ago(h.lastFailure.at)})</span>
                  <div class="small">
                    {h.lastFailure.httpStatus === 0
                      ? 'no answer'
                      : `HTTP ${h.lastFailure.httpStatus}`}
                    {h.lastFailure.error && <> · {h.lastFailure.error}</>}
                  </div>
                  <div class="muted small">
                    <code>{h.lastFailure.messageId}</code>
                  </div>
                </>
              ) : (
                'none'
              ),
            ],
          ]}
        />
      )}
    </Section>
  );
}
