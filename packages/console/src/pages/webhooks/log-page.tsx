import { must } from '../../api/http.js';
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
import { useAsync, useLive } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { LiveStatus } from './live-status.js';
import { httpText, LogTable } from './log-table.js';
import { withQuery } from '../../lib/query.js';
import { ResendButton } from './resend-button.js';
import type { ExecutionLog, ExecutionLogSummary, ListPage } from './types.js';

/**
 * `/console/webhooks/:subscriptionId/logs/:logId`: one attempt exactly as sent (body, headers
 * with their signatures) and answered, Resend, and every attempt of the same message, live.
 */
export function LogPage(props: { subscriptionId: string; logId: string }) {
  const api = useApi();
  const log = useAsync(
    () =>
      must(
        api.GET('/v1/subscriptions/{subscriptionId}/executionLogs/{logId}', {
          params: { path: { subscriptionId: props.subscriptionId, logId: props.logId } },
        }),
      ),
    [props.subscriptionId, props.logId],
  );
  const l = log.data;
  return (
    <div>
      <p class="breadcrumb small">
        <a href="/console/webhooks">Subscriptions</a> /{' '}
        <a href={`/console/webhooks/${props.subscriptionId}`}>
          <code>{props.subscriptionId}</code>
        </a>{' '}
        /
      </p>
      <PageHeader
        title="Delivery attempt"
        subtitle={<code>{props.logId}</code>}
        actions={l && <StatusBadge status={l.status} />}
      />
      {!l ? (
        log.error ? (
          <ProblemAlert problem={log.error} />
        ) : (
          <Loading what="the attempt" />
        )
      ) : (
        <LogDetails log={l} />
      )}
    </div>
  );
}

function LogDetails(props: { log: ExecutionLog }) {
  const l = props.log;
  const headers = Object.entries(l.requestHeaders);
  return (
    <>
      <Section title="Attempt">
        <Details
          items={[
            ['Status', <StatusBadge status={l.status} />],
            ['Response status', httpText(l.httpStatus)],
            ['Duration', `${l.durationMs} ms`],
            ['Trigger', l.trigger],
            ['Automatic attempts before this one', l.retryAttempts],
            ['Sent', <Time iso={l.createdAt} />],
            ['Event type', <code>{l.eventType}</code>],
            [
              'Event',
              <a href={`/console/events/${l.eventId}`}>
                <code>{l.eventId}</code>
              </a>,
            ],
            ['Message id', <code>{l.messageId}</code>],
            ['URL', <code class="break">{l.url}</code>],
            ['Error', l.error ?? <span class="muted">none</span>],
          ]}
        />
        <ResendButton log={l} />
      </Section>
      <Section title="Request body">
        <p class="muted small">
          Exactly the bytes sent (what the signature covers),{' '}
          {new TextEncoder().encode(l.payload).length} bytes.
        </p>
        <div class="wrap-code">
          <CodeBlock value={l.payload} label="Request body as sent" />
        </div>
        <Formatted payload={l.payload} />
      </Section>
      <Section title="Request headers">
        <div class="table-wrap">
          <table class="headers-table">
            <caption>Headers of this attempt, as sent</caption>
            <thead>
              <tr>
                <th scope="col">Header</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {headers.map(([name, value]) => (
                <tr key={name}>
                  <td>
                    <code>{name}</code>
                  </td>
                  <td>
                    <code class="break">{value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section title="Response">
        <Details
          items={[
            ['Status', httpText(l.httpStatus)],
            ['Error', l.error ?? <span class="muted">none</span>],
          ]}
        />
        {l.responseBody ? (
          <CodeBlock value={l.responseBody} label="Response body (first 4 KiB)" />
        ) : (
          <p class="muted">The response had no body.</p>
        )}
      </Section>
      <MessageAttempts log={l} />
    </>
  );
}

/** The body indented, for reading (the block above is the exact bytes). */
function Formatted(props: { payload: string }) {
  let value: unknown;
  try {
    value = JSON.parse(props.payload);
  } catch {
    return null;
  }
  return (
    <details class="formatted">
      <summary>Formatted</summary>
      <CodeBlock value={value} label="Request body, formatted" />
    </details>
  );
}

/** Every attempt of this message (`messageId` filter): automatic, retries, resends. */
function MessageAttempts(props: { log: ExecutionLog }) {
  const l = props.log;
  const logs = useLive<ListPage<ExecutionLogSummary>>(
    withQuery(`/v1/subscriptions/${l.subscriptionId}/executionLogs`, {
      limit: 100,
      messageId: l.messageId,
    }),
  );
  const mine = logs.data?.data ?? [];
  return (
    <Section title="Attempts of this message">
      <p class="section-meta">
        <LiveStatus changedAt={logs.changedAt} error={logs.error} />
      </p>
      {mine.length > 0 ? (
        <LogTable logs={mine} caption={`Attempts of ${l.messageId}, newest first`} current={l.id} />
      ) : (
        <p class="muted">{logs.data ? 'No attempt found.' : 'Loading…'}</p>
      )}
    </Section>
  );
}
