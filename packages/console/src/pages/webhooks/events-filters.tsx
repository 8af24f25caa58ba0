import { useState } from 'preact/hooks';
import { Button, Field } from '../../ui/components.js';
import { localInputToIso, timeZone } from '../../lib/format.js';
import { typesOf } from './selection.js';
import type { Catalogue, EventType, ResourceName } from './types.js';

export interface EventsFilter {
  resource: '' | ResourceName;
  type: '' | EventType;
  resourceId: string;
  from: string;
  to: string;
}

export const NO_FILTER: EventsFilter = { resource: '', type: '', resourceId: '', from: '', to: '' };

/**
 * The feed's query for a filter: `type` repeated (one type, or every type of the chosen
 * resource: the API filters by type), `resourceId`, and the time window as UTC instants.
 */
export function feedParams(filter: EventsFilter, catalogue: Catalogue | undefined) {
  const types = filter.type
    ? [filter.type]
    : filter.resource && catalogue
      ? typesOf(catalogue, filter.resource)
      : undefined;
  return {
    type: types,
    resourceId: filter.resourceId.trim() || undefined,
    createdAtFrom: localInputToIso(filter.from),
    createdAtTo: localInputToIso(filter.to),
  };
}

/** Filters of GET /v1/events; applied on submit, so typing does not start a request per key. */
export function EventsFilters(props: {
  catalogue: Catalogue | undefined;
  value: EventsFilter;
  onApply: (filter: EventsFilter) => void;
}) {
  const [draft, setDraft] = useState(props.value);
  const set = (patch: Partial<EventsFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const types = props.catalogue
    ? props.catalogue.resources
        .filter((r) => !draft.resource || r.name === draft.resource)
        .flatMap((r) => r.events.map((e) => e.type))
    : [];
  return (
    <form
      class="filters"
      aria-label="Filter events"
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply(draft);
      }}
    >
      <Field label="Resource">
        {(id) => (
          <select
            id={id}
            value={draft.resource}
            onChange={(e) =>
              set({ resource: e.currentTarget.value as EventsFilter['resource'], type: '' })
            }
          >
            <option value="">Any</option>
            {props.catalogue?.resources.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Event type">
        {(id) => (
          <select
            id={id}
            value={draft.type}
            onChange={(e) => set({ type: e.currentTarget.value as EventsFilter['type'] })}
          >
            <option value="">Any</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Resource id">
        {(id) => (
          <input
            id={id}
            value={draft.resourceId}
            spellcheck={false}
            placeholder="acc_…, op_…, pin_…"
            onInput={(e) => set({ resourceId: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field label="From" hint={`inclusive, ${timeZone()}`}>
        {(id, describedBy) => (
          <input
            id={id}
            type="datetime-local"
            aria-describedby={describedBy}
            value={draft.from}
            onInput={(e) => set({ from: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field label="To" hint="exclusive">
        {(id, describedBy) => (
          <input
            id={id}
            type="datetime-local"
            aria-describedby={describedBy}
            value={draft.to}
            onInput={(e) => set({ to: e.currentTarget.value })}
          />
        )}
      </Field>
      <div class="actions filter-actions">
        <Button type="submit">Filter</Button>
        <Button
          kind="link"
          onClick={() => {
            setDraft(NO_FILTER);
            props.onApply(NO_FILTER);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
