import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Button, Field } from '../../ui/components.js';

/** One filter of a list: a choice among values, or an id typed in. */
export type FilterSpec =
  | { name: string; label: string; kind: 'select'; options: readonly string[]; all?: string }
  | { name: string; label: string; kind: 'id'; placeholder: string };

export type FilterValues = Record<string, string>;

/**
 * A list's filters as a form: edited freely, applied together (a cursor is bound to its
 * filters, so applying starts from the first page). `values` are the applied ones.
 */
export function FilterForm(props: {
  label: string;
  specs: FilterSpec[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  children?: ComponentChildren;
}) {
  const [draft, setDraft] = useState<FilterValues>(props.values);
  const set = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }));
  return (
    <form
      class="inline op-filters"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
        props.onApply(trimmed);
      }}
    >
      {props.specs.map((spec) => (
        <Field key={spec.name} label={spec.label}>
          {(id, describedBy) =>
            spec.kind === 'select' ? (
              <select
                id={id}
                aria-describedby={describedBy}
                value={draft[spec.name] ?? ''}
                onChange={(e) => set(spec.name, e.currentTarget.value)}
              >
                <option value="">{spec.all ?? 'Any'}</option>
                {spec.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                aria-describedby={describedBy}
                placeholder={spec.placeholder}
                maxLength={64}
                spellcheck={false}
                value={draft[spec.name] ?? ''}
                onInput={(e) => set(spec.name, e.currentTarget.value)}
              />
            )
          }
        </Field>
      ))}
      <Button type="submit">Apply filters</Button>
      {props.children}
    </form>
  );
}

/** The applied filters, as a stable key (a list's page position belongs to one). */
export const filtersKey = (values: FilterValues) =>
  Object.entries(values)
    .filter(([, v]) => v !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
