import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiProblem } from '../../api/problem.js';
import { Button, Field, Loading, ProblemAlert } from '../../ui/components.js';
import { useCatalogue } from './catalogue.js';
import { EventPicker } from './event-picker.js';
import { parseMetadata, type Metadata } from './metadata.js';
import { isEmpty, type Selection } from './selection.js';
import { SignatureFormatField } from './signature-format-field.js';
import type { SignatureFormat } from './types.js';

export interface SubscriptionDraft {
  url: string;
  selection: Selection;
  allowRetry: boolean;
  signatureFormat: SignatureFormat;
  maxConcurrency: string;
  metadata: string;
}

export interface SubscriptionValues {
  url: string;
  selection: Selection;
  allowRetry: boolean;
  signatureFormat: SignatureFormat;
  maxConcurrency: number;
  metadata: Metadata;
}

/**
 * The fields of a subscription, for creating one and for editing it. What the server refuses
 * comes back as field errors by JSON pointer (/url, /resources…, /maxConcurrency, /metadata…).
 */
export function SubscriptionForm(props: {
  initial: SubscriptionDraft;
  submitLabel: string;
  busy: boolean;
  problem: ApiProblem | undefined;
  /** A listen subscription has no URL (docs/webhooks.md "cofre listen"). */
  listen?: boolean;
  onSubmit: (values: SubscriptionValues) => void;
  children?: ComponentChildren;
}) {
  const catalogue = useCatalogue();
  const [draft, setDraft] = useState(props.initial);
  const [localError, setLocalError] = useState<{ field: string; detail: string }>();
  const set = (patch: Partial<SubscriptionDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setLocalError(undefined);
  };
  const p = props.problem;
  const fieldError = (prefix: string) =>
    localError?.field === prefix
      ? localError.detail
      : p?.errors.find((e) => e.pointer === prefix || e.pointer.startsWith(`${prefix}/`))?.detail;

  const submit = (event: Event) => {
    event.preventDefault();
    if (isEmpty(draft.selection)) {
      setLocalError({ field: '/resources', detail: 'Select at least one event.' });
      return;
    }
    const metadata = parseMetadata(draft.metadata);
    if (metadata.kind === 'invalid') {
      setLocalError({ field: '/metadata', detail: metadata.detail });
      return;
    }
    setLocalError(undefined);
    props.onSubmit({
      url: draft.url.trim(),
      selection: draft.selection,
      allowRetry: draft.allowRetry,
      signatureFormat: draft.signatureFormat,
      maxConcurrency: Number(draft.maxConcurrency),
      metadata: metadata.value,
    });
  };

  return (
    <form class="subscription-form" onSubmit={submit} aria-label={props.submitLabel} noValidate>
      {!props.listen && (
        <Field
          label="Callback URL"
          hint="Where each delivery is POSTed: public https:// (http://127.0.0.1 only when the server allows local webhooks)."
          error={fieldError('/url')}
        >
          {(id, describedBy) => (
            <input
              id={id}
              name="url"
              type="url"
              required
              spellcheck={false}
              aria-describedby={describedBy}
              aria-invalid={fieldError('/url') ? 'true' : undefined}
              value={draft.url}
              onInput={(e) => set({ url: e.currentTarget.value })}
            />
          )}
        </Field>
      )}
      {catalogue.data ? (
        <EventPicker
          catalogue={catalogue.data}
          value={draft.selection}
          onChange={(selection) => set({ selection })}
          error={fieldError('/resources') ?? fieldError('/includeAll')}
        />
      ) : (
        <>
          <ProblemAlert problem={catalogue.error} />
          {!catalogue.error && <Loading what="the event catalogue" />}
        </>
      )}
      <div class="field">
        <label class="checkbox">
          <input
            type="checkbox"
            name="allowRetry"
            checked={draft.allowRetry}
            onChange={(e) => set({ allowRetry: e.currentTarget.checked })}
          />
          Retry failed deliveries (allowRetry)
        </label>
        <div class="hint muted small">
          Without it a failed delivery is attempted once; with it, again after a fixed delay, a
          bounded number of times.
        </div>
      </div>
      <SignatureFormatField
        value={draft.signatureFormat}
        onChange={(signatureFormat) => set({ signatureFormat })}
      />
      <Field
        label="Max concurrency"
        hint="Attempts of this subscription in flight at once (default 4; the server caps it, 16 unless configured); 1 sends one message at a time, oldest first."
        error={fieldError('/maxConcurrency')}
      >
        {(id, describedBy) => (
          <input
            id={id}
            name="maxConcurrency"
            type="number"
            min={1}
            step={1}
            required
            class="narrow"
            aria-describedby={describedBy}
            value={draft.maxConcurrency}
            onInput={(e) => set({ maxConcurrency: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field
        label="Metadata"
        hint="Your own key=value pairs, one per line; GET /v1/subscriptions?metadata[key]=value filters by them."
        error={fieldError('/metadata')}
      >
        {(id, describedBy) => (
          <textarea
            id={id}
            name="metadata"
            rows={3}
            spellcheck={false}
            aria-describedby={describedBy}
            value={draft.metadata}
            onInput={(e) => set({ metadata: e.currentTarget.value })}
          />
        )}
      </Field>
      <ProblemAlert problem={props.problem} />
      <div class="actions">
        <Button kind="primary" type="submit" busy={props.busy}>
          {props.submitLabel}
        </Button>
        {props.children}
      </div>
    </form>
  );
}
