import { Fragment } from 'preact';
import { useId } from 'preact/hooks';
import { selects, withEvent, withResourceAll, type Selection } from './selection.js';
import type { Catalogue } from './types.js';

/** "A_LONG_NAME" with a line-break opportunity after each underscore, for narrow columns. */
function breakable(name: string) {
  return name.split('_').map((part, i, all) => (
    <Fragment key={i}>
      {part}
      {i < all.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/**
 * The event catalogue as checkboxes: "every event" (includeAll), then one fieldset per resource
 * with "every <resource> event" and its event types, each with the catalogue's sentence.
 * Boxes covered by a broader choice show checked and are disabled, so what is delivered is
 * always what is ticked.
 */
export function EventPicker(props: {
  catalogue: Catalogue;
  value: Selection;
  onChange: (next: Selection) => void;
  error?: string | undefined;
}) {
  const { catalogue, value, onChange } = props;
  const id = useId();
  return (
    <fieldset class="event-picker" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend>Events</legend>
      <label class="checkbox">
        <input
          type="checkbox"
          name="includeAll"
          checked={value.includeAll}
          onChange={(e) => onChange({ ...value, includeAll: e.currentTarget.checked })}
        />
        Every business event, including types added later (includeAll)
      </label>
      <p class="muted small">
        Delivery alerts (SUBSCRIPTION, MESSAGE) are never included by it: choose them below.
      </p>
      <div class="resource-grid">
        {catalogue.resources.map((resource) => {
          const resourceAll = value.resources[resource.name]?.includeAll ?? false;
          // includeAll covers the business resources; the operational ones stay to choose.
          const covered = value.includeAll && !resource.operational;
          return (
            <fieldset key={resource.name} disabled={covered}>
              <legend>{resource.name}</legend>
              <label class="checkbox">
                <input
                  type="checkbox"
                  name={`resource-${resource.name}`}
                  checked={covered || resourceAll}
                  onChange={(e) =>
                    onChange(withResourceAll(value, resource.name, e.currentTarget.checked))
                  }
                />
                Every {resource.name} event
              </label>
              <ul class="event-list">
                {resource.events.map((event) => (
                  <li key={event.type}>
                    <label class="checkbox event-choice">
                      <input
                        type="checkbox"
                        name="events"
                        value={event.type}
                        disabled={resourceAll}
                        checked={selects(value, resource.name, event.type)}
                        onChange={(e) =>
                          onChange(
                            withEvent(value, resource.name, event.type, e.currentTarget.checked),
                          )
                        }
                      />
                      <span>
                        <code>{breakable(event.type)}</code>
                        <span class="muted small event-description">{event.description}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
      {props.error && (
        <div class="field-error small" id={`${id}-error`} role="alert">
          {props.error}
        </div>
      )}
    </fieldset>
  );
}
