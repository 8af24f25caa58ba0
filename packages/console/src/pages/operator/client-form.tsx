import { useState } from 'preact/hooks';
import type { ApiProblem } from '../../api/problem.js';
import { timeZone } from '../../lib/format.js';
import { Button, ProblemAlert } from '../../ui/components.js';
import { RadioGroup, SelectInput, TextArea, TextInput } from '../money/form-fields.js';
import {
  LEVELS,
  RESOURCE_COVERS,
  RESOURCES,
  type ClientDraft,
  type Level,
  type Resource,
} from './client-settings.js';

/**
 * The settings of an API client, for creating one or editing it: name, full or restricted
 * access (a level per resource), an expiry, the networks it may be used from, its own rate limit
 * and the accounts it is bound to. The server
 * checks everything; its 400 is shown at each field it names (`errors[].pointer`) and whole.
 */
export function ClientForm(props: {
  label: string;
  initial: ClientDraft;
  submitLabel: string;
  busy: boolean;
  problem: ApiProblem | undefined;
  onSubmit: (draft: ClientDraft) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<ClientDraft>(props.initial);
  const set = (change: Partial<ClientDraft>) => setDraft({ ...draft, ...change });
  const setLevel = (resource: Resource, level: Level) =>
    set({ levels: { ...draft.levels, [resource]: level } });
  const problem = props.problem;
  // Every refused network is named by its index (/allowedNetworks/2); they share one field.
  const listErrors = (member: string) => {
    const details = problem?.errors
      .filter((e) => e.pointer === `/${member}` || e.pointer.startsWith(`/${member}/`))
      .map((e) => e.detail);
    return details && details.length > 0 ? details.join(' ') : undefined;
  };
  return (
    <form
      class="op-client-form"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(draft);
      }}
    >
      <TextInput
        label="Client name"
        hint="Optional: defaults to the customer's name."
        value={draft.name}
        maxLength={200}
        error={problem?.fieldError('/name')}
        onInput={(name) => set({ name })}
      />
      <RadioGroup
        legend="Access"
        name={`${props.label}-access`}
        value={draft.restricted ? 'restricted' : 'full'}
        options={[
          { value: 'full', label: 'Full access (write on every resource)' },
          { value: 'restricted', label: 'Restricted: a level per resource' },
        ]}
        onChange={(value) => set({ restricted: value === 'restricted' })}
      />
      {draft.restricted && (
        <fieldset class="op-levels">
          <legend>Permissions (write includes read)</legend>
          {RESOURCES.map((resource) => (
            <SelectInput
              key={resource}
              label={resource}
              hint={RESOURCE_COVERS[resource]}
              value={draft.levels[resource]}
              options={LEVELS}
              error={
                problem?.fieldError(`/permissions/${resource}`) ??
                (resource === 'accounts' ? problem?.fieldError('/permissions') : undefined)
              }
              onChange={(level) => setLevel(resource, level as Level)}
            />
          ))}
        </fieldset>
      )}
      <TextInput
        label="Expires at"
        type="datetime-local"
        hint={`Optional, in ${timeZone()}: after it the client gets no token and its tokens are refused. A past instant ends it at once.`}
        value={draft.expiresAt}
        error={problem?.fieldError('/expiresAt')}
        onInput={(expiresAt) => set({ expiresAt })}
      />
      <TextArea
        label="Allowed networks"
        hint="Optional: one IPv4 or IPv6 CIDR block (or address) a line, at most 20; empty allows any network."
        rows={3}
        value={draft.networks}
        error={listErrors('allowedNetworks')}
        onInput={(networks) => set({ networks })}
      />
      <TextInput
        label="Rate limit (requests per minute)"
        hint="Optional: this client's own limit on /v1; empty uses the deployment's default (COFRE_RATE_LIMIT_PER_MINUTE)."
        inputMode="numeric"
        value={draft.rateLimit}
        error={problem?.fieldError('/rateLimit')}
        onInput={(rateLimit) => set({ rateLimit })}
      />
      <TextArea
        label="Bound to accounts"
        hint="Optional: one account id of this customer a line, at most 100; the client then sees no other account (404), cannot open accounts, and may hold beneficiaries at read at most and no events or subscriptions. Empty: every account."
        rows={3}
        value={draft.accounts}
        error={listErrors('accountIds')}
        onInput={(accounts) => set({ accounts })}
      />
      <div class="actions">
        <Button type="submit" kind="primary" busy={props.busy}>
          {props.submitLabel}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>Cancel</Button>}
      </div>
      <ProblemAlert problem={problem} />
    </form>
  );
}
