import type { ComponentChildren } from 'preact';
import { Field } from '../../ui/components.js';

/**
 * Labelled inputs for the money forms, on top of the shared Field (label, hint and error wired to
 * the control with aria-describedby and aria-invalid). Values are plain strings; the forms own
 * their state.
 */
export function TextInput(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | undefined;
  name?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'datetime-local' | 'search';
  inputMode?: 'decimal' | 'numeric' | 'email' | 'text';
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {(id, describedBy) => (
        <input
          id={id}
          name={props.name}
          // Preact's types tie some attributes to each input type, and tsc cannot pick a member
          // of that union for a union of types; these four take the same attributes.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          type={(props.type ?? 'text') as 'text'}
          aria-describedby={describedBy}
          aria-invalid={props.error ? 'true' : undefined}
          aria-required={props.required ? 'true' : undefined}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          autoComplete={props.autoComplete ?? 'off'}
          spellcheck={false}
          value={props.value}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

export function SelectInput(props: {
  label: string;
  value: string;
  options: readonly (Option | string)[];
  onChange: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | undefined;
  name?: string;
  /** A first option meaning "none" (filters: "Any"). */
  empty?: string;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {(id, describedBy) => (
        <select
          id={id}
          name={props.name}
          aria-describedby={describedBy}
          aria-invalid={props.error ? 'true' : undefined}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        >
          {props.empty !== undefined && <option value="">{props.empty}</option>}
          {props.options.map((o) => {
            const opt = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={opt.value} value={opt.value} disabled={opt.disabled}>
                {opt.label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export function TextArea(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | undefined;
  rows?: number;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {(id, describedBy) => (
        <textarea
          id={id}
          rows={props.rows ?? 3}
          aria-describedby={describedBy}
          aria-invalid={props.error ? 'true' : undefined}
          spellcheck={false}
          value={props.value}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** A group of radio buttons with a legend (one choice among a few). */
export function RadioGroup(props: {
  legend: string;
  name: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset class="money-radios">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label class="checkbox" key={o.value}>
          <input
            type="radio"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            disabled={o.disabled}
            onChange={() => props.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
