import { useState } from 'preact/hooks';
import { parseMetadata } from './checks.js';
import { TextArea, TextInput } from './form-fields.js';
import type { Submitter } from './use-submit.js';

/**
 * The optional members every creating request shares: `description` (operations that have one),
 * `externalReference` (operations, docs/api.md "External references") and `metadata`
 * (docs/api.md "Metadata"), typed as one key=value per line.
 */
export interface Extras {
  description: string;
  externalReference: string;
  metadata: string;
}

export function useExtras() {
  return useState<Extras>({ description: '', externalReference: '', metadata: '' });
}

export interface ExtrasBody {
  description?: string;
  externalReference?: string;
  metadata?: Record<string, string>;
}

/** The members to send, or the error of the metadata box. */
export function extrasBody(
  extras: Extras,
  has: { description?: boolean; externalReference?: boolean },
): { kind: 'ok'; body: ExtrasBody } | { kind: 'bad'; error: string } {
  const parsed = parseMetadata(extras.metadata);
  if (parsed.kind === 'bad') return { kind: 'bad', error: parsed.error };
  const body: ExtrasBody = {};
  if (has.description && extras.description.trim()) body.description = extras.description.trim();
  if (has.externalReference && extras.externalReference.trim()) {
    body.externalReference = extras.externalReference.trim();
  }
  if (parsed.metadata) body.metadata = parsed.metadata;
  return { kind: 'ok', body };
}

export function ExtrasFields(props: {
  value: Extras;
  onChange: (value: Extras) => void;
  submitter: Submitter;
  metadataError?: string | undefined;
  description?: boolean;
  externalReference?: boolean;
}) {
  const { value, onChange, submitter } = props;
  const metadataError =
    props.metadataError ??
    submitter.problem?.errors.find((e) => e.pointer.startsWith('/metadata'))?.detail;
  return (
    <fieldset class="money-optional">
      <legend>Optional</legend>
      {props.description && (
        <TextInput
          label="Description"
          hint="1–140 characters, shown on the operation and the statement."
          maxLength={140}
          value={value.description}
          onInput={(description) => onChange({ ...value, description })}
          error={submitter.fieldError('/description')}
        />
      )}
      {props.externalReference && (
        <TextInput
          label="External reference"
          hint="Your own id for it (letters, digits and . _ : / -), unique forever: a repeat is refused."
          maxLength={64}
          value={value.externalReference}
          onInput={(externalReference) => onChange({ ...value, externalReference })}
          error={submitter.fieldError('/externalReference')}
        />
      )}
      <TextArea
        label="Metadata"
        hint="One key=value per line, e.g. orderId=6735."
        rows={2}
        value={value.metadata}
        onInput={(metadata) => onChange({ ...value, metadata })}
        error={metadataError}
      />
    </fieldset>
  );
}
