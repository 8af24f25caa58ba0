import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import {
  Button,
  Empty,
  Loading,
  PageHeader,
  Pager,
  ProblemAlert,
  Time,
} from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { useCatalogue } from './catalogue.js';
import { DeliveriesCell } from './deliveries-cell.js';
import { EventsFilters, feedParams, NO_FILTER, type EventsFilter } from './events-filters.js';
import { LiveStatus } from './live-status.js';
import { pageQuery, withQuery } from '../../lib/query.js';
import type { FeedEvent, ListPage, PagePosition } from './types.js';

/**
 * `/console/events`: the events feed, newest first and live, each event with what happened to
 * its delivery to each subscription (docs/webhooks.md "Catching up: the events feed").
 */
export function EventsPage() {
  const catalogue = useCatalogue();
  const [filter, setFilter] = useState<EventsFilter>(NO_FILTER);
  const [position, setPosition] = useState<PagePosition>();
  // Wait for the catalogue when a resource filter needs its types.
  const ready = !filter.resource || !!catalogue.data;
  const events = useLive<ListPage<FeedEvent>>(
    ready
      ? withQuery('/v1/events', {
          limit: 25,
          ...feedParams(filter, catalogue.data),
          ...pageQuery(position),
        })
      : undefined,
  );
  const filtered = filter !== NO_FILTER;
  return (
    <div>
      <PageHeader
        title="Events"
        subtitle="Everything that happened to your resources, whether or not a subscription selected it, and each delivery's state."
      />
      <EventsFilters
        catalogue={catalogue.data}
        value={filter}
        onApply={(next) => {
          setFilter(next);
          setPosition(undefined);
        }}
      />
      <div class="toolbar">
        <LiveStatus changedAt={events.changedAt} error={events.error} />
        {position && (
          <Button kind="link" onClick={() => setPosition(undefined)}>
            Back to the newest
          </Button>
        )}
      </div>
      {events.error && <ProblemAlert problem={events.error} />}
      {!events.data ? (
        !events.error && <Loading what="events" />
      ) : events.data.data.length === 0 ? (
        <Empty>
          No events{filtered ? ' match these filters' : ' yet'}. Events come from using the API:
          opening an account, adding a payment instruction, every operation.
        </Empty>
      ) : (
        <div class="table-wrap">
          <table class="events-table">
            <caption>Events, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col">Resource</th>
                <th scope="col">Deliveries</th>
              </tr>
            </thead>
            <tbody>
              {events.data.data.map((e) => (
                <tr key={e.id} data-event-id={e.id}>
                  <td>
                    <a href={`/console/events/${e.id}`}>
                      <Time iso={e.atTime} />
                    </a>
                  </td>
                  <td>
                    <code>
                      <BreakableType type={e.type} />
                    </code>
                  </td>
                  <td>
                    {e.resource}
                    <div class="muted small">
                      <code>{e.resourceId}</code>
                    </div>
                  </td>
                  <td>
                    <DeliveriesCell deliveries={e.deliveries} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        meta={events.data?.meta}
        onPage={(cursor, direction) => setPosition({ cursor, direction })}
      />
    </div>
  );
}

/**
 * An event type that may break after each underscore: the longest ones
 * (BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED) would otherwise push the deliveries column out of a
 * 1280 px screen, behind a sideways scroll.
 */
function BreakableType(props: { type: string }) {
  const parts = props.type.split('_');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
