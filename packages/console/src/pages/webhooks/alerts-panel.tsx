import { Empty, ProblemAlert, Section, Time } from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { withQuery } from '../../lib/query.js';
import { LiveStatus } from './live-status.js';
import type { FeedEvent, ListPage } from './types.js';

/** Every operational event type (docs/webhooks.md "Delivery alerts"). */
export const ALERT_TYPES = [
  'SUBSCRIPTION_FAILING',
  'SUBSCRIPTION_RECOVERED',
  'SUBSCRIPTION_DISABLED',
  'MESSAGE_EXHAUSTED',
] as const satisfies readonly FeedEvent['type'][];

/** What an alert's body says, in a line: which subscription or message, and the figures. */
function summary(event: FeedEvent): string {
  const data = event.data as {
    id?: string;
    subscriptionId?: string;
    eventType?: string;
    alert?: { attempts: number; failures: number };
    disabled?: { reason: string };
    lastAttempt?: { httpStatus: number; error: string | null };
  };
  if (event.type === 'MESSAGE_EXHAUSTED') {
    const last = data.lastAttempt;
    const answer = last ? (last.error ?? `HTTP ${last.httpStatus}`) : '';
    return `${data.eventType ?? ''} message ${data.id ?? ''} of ${data.subscriptionId ?? ''} ran out of retries. ${answer}`;
  }
  if (event.type === 'SUBSCRIPTION_DISABLED') return data.disabled?.reason ?? 'Disabled.';
  const figures = data.alert
    ? `${data.alert.failures} of ${data.alert.attempts} attempts failed`
    : '';
  return `${data.id ?? ''}: ${figures} in the window.`;
}

/**
 * Recent delivery alerts from the events feed, live (every operational event is recorded,
 * whether or not a subscription selects it): on a subscription's page those about it
 * (`resourceId`), on the list every kind for the customer.
 */
export function AlertsPanel(props: { subscriptionId?: string }) {
  const alerts = useLive<ListPage<FeedEvent>>(
    withQuery('/v1/events', {
      limit: 10,
      type: [...ALERT_TYPES],
      ...(props.subscriptionId ? { resourceId: props.subscriptionId } : {}),
    }),
    5000,
  );
  const events = alerts.data?.data;
  return (
    <Section title="Delivery alerts" id="delivery-alerts">
      <p class="section-meta">
        <LiveStatus changedAt={alerts.changedAt} error={alerts.error} />
      </p>
      {!events ? (
        <ProblemAlert problem={alerts.error} />
      ) : events.length === 0 ? (
        <Empty>No delivery alerts.</Empty>
      ) : (
        <ul class="alerts-list">
          {events.map((event) => (
            <li key={event.id}>
              <a href={`/console/events/${event.id}`}>
                <strong>{event.type}</strong>
              </a>{' '}
              <Time iso={event.atTime} /> <span class="small">{summary(event)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
