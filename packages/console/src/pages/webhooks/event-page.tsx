import {
  CodeBlock,
  Details,
  Loading,
  PageHeader,
  ProblemAlert,
  Section,
  StatusBadge,
  Time,
} from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { LiveStatus } from './live-status.js';
import { LogTable } from './log-table.js';
import { withQuery } from '../../lib/query.js';
import { shortId } from './short-id.js';
import type { Delivery, ExecutionLogSummary, FeedEvent, ListPage } from './types.js';

/**
 * `/console/events/:eventId`: one event, its body as every delivery sends it, and its delivery
 * to each subscription with links to the attempts' execution logs; live.
 */
export function EventPage(props: { eventId: string }) {
  const event = useLive<FeedEvent>(`/v1/events/${props.eventId}`);
  const e = event.data;
  return (
    <div>
      <p class="breadcrumb small">
        <a href="/console/events">Events</a> /
      </p>
      <PageHeader title="Event" subtitle={<code>{props.eventId}</code>} />
      {!e ? (
        event.error ? (
          <ProblemAlert problem={event.error} />
        ) : (
          <Loading what="the event" />
        )
      ) : (
        <>
          <Section title="What happened">
            <Details
              items={[
                ['Type', <code>{e.type}</code>],
                ['Resource', e.resource],
                ['Resource id', <code>{e.resourceId}</code>],
                ['At', <Time iso={e.atTime} />],
              ]}
            />
          </Section>
          <Section title="Deliveries">
            <p class="section-meta">
              <LiveStatus changedAt={event.changedAt} error={event.error} />
            </p>
            {e.deliveries.length === 0 ? (
              <p class="muted">No subscription selected this event, so it was not sent.</p>
            ) : (
              <div class="table-wrap">
                <table>
                  <caption>Delivery to each subscription</caption>
                  <thead>
                    <tr>
                      <th scope="col">Subscription</th>
                      <th scope="col">Message id</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="right">
                        Attempts
                      </th>
                      <th scope="col">Last attempt</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.deliveries.map((d) => (
                      <tr key={d.messageId}>
                        <td>
                          <a
                            href={`/console/webhooks/${d.subscriptionId}`}
                            title={d.subscriptionId}
                          >
                            <code>{shortId(d.subscriptionId)}</code>
                          </a>
                        </td>
                        <td>
                          <code class="small">{d.messageId}</code>
                        </td>
                        <td>
                          <StatusBadge status={d.status} />
                        </td>
                        <td class="right num">{d.attempts}</td>
                        <td>
                          <Time iso={d.lastAttemptAt} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p class="muted small">
              Attempts counts automatic attempts (resends are not counted; the execution log has
              each one).
            </p>
            {e.deliveries.map((d) => (
              <DeliveryAttempts key={d.messageId} delivery={d} />
            ))}
          </Section>
          <Section title="Body">
            <p class="muted small">
              <code>id</code>, <code>type</code>, <code>resource</code>, <code>atTime</code> and{' '}
              <code>data</code> as every delivery of this event sends them; the exact bytes of each
              attempt are on its execution log.
            </p>
            <CodeBlock
              value={{
                id: e.id,
                type: e.type,
                resource: e.resource,
                atTime: e.atTime,
                data: e.data,
              }}
              label="Event body"
            />
          </Section>
        </>
      )}
    </div>
  );
}

/** The attempts of one delivery (its message's execution logs), each linked to its log. */
function DeliveryAttempts(props: { delivery: Delivery }) {
  const { delivery } = props;
  const logs = useLive<ListPage<ExecutionLogSummary>>(
    delivery.status === 'CANCELLED'
      ? undefined
      : withQuery(`/v1/subscriptions/${delivery.subscriptionId}/executionLogs`, {
          limit: 100,
          messageId: delivery.messageId,
        }),
  );
  const mine = logs.data?.data ?? [];
  return (
    <div class="delivery-attempts">
      <h3>
        Attempts to <code>{shortId(delivery.subscriptionId)}</code>
      </h3>
      {delivery.status === 'CANCELLED' ? (
        <p class="muted small">The subscription was deleted; its execution logs went with it.</p>
      ) : !logs.data ? (
        <p class="muted small">{logs.error ? 'Unavailable.' : 'Loading…'}</p>
      ) : mine.length === 0 ? (
        <p class="muted small">No attempt yet.</p>
      ) : (
        <LogTable logs={mine} caption={`Attempts of ${delivery.messageId}, newest first`} />
      )}
    </div>
  );
}
