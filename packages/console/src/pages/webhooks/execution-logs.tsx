import { useState } from 'preact/hooks';
import { Button, Empty, Loading, Pager, ProblemAlert, Section } from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { useCatalogue } from './catalogue.js';
import { LiveStatus } from './live-status.js';
import { LogTable } from './log-table.js';
import { pageQuery, withQuery } from '../../lib/query.js';
import { allTypes } from './selection.js';
import type { EventType, ExecutionLogSummary, ListPage, PagePosition } from './types.js';

/**
 * A subscription's attempts, newest first, live: a new attempt appears without a reload. Filters
 * are the API's (`status`, `eventType`); pages follow its cursors.
 */
export function ExecutionLogs(props: { subscriptionId: string }) {
  const catalogue = useCatalogue();
  const [status, setStatus] = useState<'' | 'SUCCESS' | 'FAILED'>('');
  const [eventType, setEventType] = useState<'' | EventType>('');
  const [position, setPosition] = useState<PagePosition>();
  const logs = useLive<ListPage<ExecutionLogSummary>>(
    withQuery(`/v1/subscriptions/${props.subscriptionId}/executionLogs`, {
      limit: 20,
      status,
      eventType,
      ...pageQuery(position),
    }),
  );
  return (
    <Section title="Execution logs" id="logs">
      <div class="toolbar">
        <div class="field inline-field">
          <label for="log-status">Status</label>
          <select
            id="log-status"
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as typeof status);
              setPosition(undefined);
            }}
          >
            <option value="">Any</option>
            <option value="SUCCESS">SUCCESS</option>
            <option value="FAILED">FAILED</option>
          </select>
        </div>
        <div class="field inline-field">
          <label for="log-event-type">Event type</label>
          <select
            id="log-event-type"
            value={eventType}
            onChange={(e) => {
              setEventType(e.currentTarget.value as typeof eventType);
              setPosition(undefined);
            }}
          >
            <option value="">Any</option>
            {catalogue.data &&
              allTypes(catalogue.data).map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
          </select>
        </div>
        <LiveStatus changedAt={logs.changedAt} error={logs.error} />
        {position && (
          <Button kind="link" onClick={() => setPosition(undefined)}>
            Back to the newest
          </Button>
        )}
      </div>
      {logs.error && !logs.data && <ProblemAlert problem={logs.error} />}
      {!logs.data ? (
        !logs.error && <Loading what="execution logs" />
      ) : logs.data.data.length === 0 ? (
        <Empty>
          No attempts{status || eventType ? ' match these filters' : ' yet'}. They appear here as
          they happen.
        </Empty>
      ) : (
        <LogTable logs={logs.data.data} caption="Delivery attempts, newest first" />
      )}
      <Pager
        meta={logs.data?.meta}
        onPage={(cursor, direction) => setPosition({ cursor, direction })}
      />
    </Section>
  );
}
