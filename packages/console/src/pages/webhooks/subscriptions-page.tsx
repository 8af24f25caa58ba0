import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import {
  Button,
  Empty,
  Loading,
  PageHeader,
  Pager,
  ProblemAlert,
  StatusBadge,
} from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { AlertsPanel } from './alerts-panel.js';
import { HealthSummary } from './health-summary.js';
import { LiveStatus } from './live-status.js';
import { pageQuery, withQuery } from '../../lib/query.js';
import { selectionSummary } from './selection.js';
import type { ListPage, PagePosition, Subscription } from './types.js';

/** `/console/webhooks`: every subscription, its state and its delivery health at a glance. */
export function SubscriptionsPage() {
  const { query } = useLocation();
  const [status, setStatus] = useState<'' | Subscription['status']>('');
  const [metadataDraft, setMetadataDraft] = useState('');
  const [metadata, setMetadata] = useState<{ key: string; value: string }>();
  const [position, setPosition] = useState<PagePosition>();
  const list = useLive<ListPage<Subscription>>(
    withQuery('/v1/subscriptions', {
      limit: 20,
      status,
      ...(metadata ? { [`metadata[${metadata.key}]`]: metadata.value } : {}),
      ...pageQuery(position),
    }),
    5000,
  );
  const filtered = status !== '' || metadata !== undefined;
  const applyMetadata = (event: Event) => {
    event.preventDefault();
    const text = metadataDraft.trim();
    const eq = text.indexOf('=');
    setMetadata(
      eq > 0 ? { key: text.slice(0, eq).trim(), value: text.slice(eq + 1).trim() } : undefined,
    );
    setPosition(undefined);
  };
  return (
    <div>
      <PageHeader
        title="Subscriptions"
        subtitle="Where cofre POSTs your events, and how those deliveries are going."
        actions={
          <a class="btn btn-primary" href="/console/webhooks/new">
            New subscription
          </a>
        }
      />
      {query.deleted && (
        <p class="alert alert-ok" role="status">
          Subscription <code>{query.deleted}</code> was deleted; its undelivered messages were
          cancelled.
        </p>
      )}
      <div class="toolbar">
        <div class="field inline-field">
          <label for="subscription-status">Status</label>
          <select
            id="subscription-status"
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as typeof status);
              setPosition(undefined);
            }}
          >
            <option value="">Any</option>
            <option value="ACTIVE">ACTIVE</option>
            <option value="PAUSED">PAUSED</option>
            <option value="DISABLED">DISABLED</option>
          </select>
        </div>
        <form
          class="inline metadata-filter"
          onSubmit={applyMetadata}
          aria-label="Filter by metadata"
        >
          <div class="field">
            <label for="subscription-metadata">Metadata</label>
            <input
              id="subscription-metadata"
              placeholder="key=value"
              spellcheck={false}
              value={metadataDraft}
              onInput={(e) => setMetadataDraft(e.currentTarget.value)}
            />
          </div>
          <Button type="submit">Filter</Button>
        </form>
        <LiveStatus changedAt={list.changedAt} error={list.error} />
      </div>
      {list.error && !list.data && <ProblemAlert problem={list.error} />}
      {!list.data ? (
        !list.error && <Loading what="subscriptions" />
      ) : list.data.data.length === 0 ? (
        <Empty>
          {filtered ? (
            'No subscriptions match these filters.'
          ) : (
            <>
              No subscriptions yet. <a href="/console/webhooks/new">Create one</a> to receive
              events.
            </>
          )}
        </Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <caption>Subscriptions</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Status</th>
                <th scope="col">Events</th>
                <th scope="col">Signature</th>
                <th scope="col">Health</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((s) => (
                <tr key={s.id}>
                  <td>
                    <a href={`/console/webhooks/${s.id}`} class="url-cell">
                      {s.transport === 'listen' ? 'cofre listen (CLI)' : s.url}
                    </a>
                    <div class="muted small">
                      <code>{s.id}</code>
                    </div>
                  </td>
                  <td>
                    <StatusBadge status={s.status} />
                  </td>
                  <td class="small">
                    {selectionSummary(s)}
                    <div class="muted">{s.allowRetry ? 'retries on' : 'no retries'}</div>
                    {Object.entries(s.metadata).map(([k, v]) => (
                      <div class="muted" key={k}>
                        <code>{k}</code>={v}
                      </div>
                    ))}
                  </td>
                  <td>
                    <code>{s.signatureFormat}</code>
                  </td>
                  <td>
                    <HealthSummary subscriptionId={s.id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        meta={list.data?.meta}
        onPage={(cursor, direction) => setPosition({ cursor, direction })}
      />
      <AlertsPanel />
    </div>
  );
}
