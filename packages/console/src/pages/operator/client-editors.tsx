import { useState } from 'preact/hooks';
import type { OperatorClient } from '../../api/admin.js';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Section } from '../../ui/components.js';
import { useAdmin } from './admin-hooks.js';
import { ClientForm } from './client-form.js';
import {
  createBody,
  draftOf,
  patchBody,
  EMPTY_DRAFT,
  type ClientDraft,
} from './client-settings.js';
import type { Issued } from './clients-table.js';

/** Runs one submission of a client form, keeping its refusal for the form's fields. */
function useClientSubmit<T>(send: (draft: ClientDraft) => Promise<T>, onDone: (result: T) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const submit = async (draft: ClientDraft) => {
    setBusy(true);
    setProblem(undefined);
    try {
      onDone(await send(draft));
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, submit: (draft: ClientDraft) => void submit(draft) };
}

/**
 * Another API client for the customer, full access or restricted. Not idempotent: a second
 * press after an answer that never came may create a second client (the page says so).
 */
export function AddClient(props: { customerId: string; onCreated: (credentials: Issued) => void }) {
  const { api } = useAdmin();
  // A new form (empty again) after each client made.
  const [generation, setGeneration] = useState(0);
  const { busy, problem, submit } = useClientSubmit(
    (draft) =>
      must(
        api.POST('/admin/v1/customers/{customerId}/clients', {
          params: { path: { customerId: props.customerId } },
          body: createBody(draft),
        }),
      ),
    (issued) => {
      setGeneration(generation + 1);
      props.onCreated(issued);
    },
  );
  return (
    <Section title="Add an API client">
      <p class="muted small">
        Creating a client is not safe to repeat: if no answer came, look at the list before trying
        again.
      </p>
      <ClientForm
        key={generation}
        label="Add an API client"
        initial={EMPTY_DRAFT}
        submitLabel="Add client"
        busy={busy}
        problem={problem}
        onSubmit={submit}
      />
    </Section>
  );
}

/**
 * A client's settings as they are, to change: the whole form is sent as a PATCH, so what the
 * form shows is what the client becomes (an emptied field lifts its restriction).
 */
export function EditClient(props: {
  client: OperatorClient;
  onSaved: (client: OperatorClient) => void;
  onCancel: () => void;
}) {
  const { api } = useAdmin();
  const { busy, problem, submit } = useClientSubmit(
    (draft) =>
      must(
        api.PATCH('/admin/v1/clients/{clientId}', {
          params: { path: { clientId: props.client.id } },
          body: patchBody(draft),
        }),
      ),
    props.onSaved,
  );
  return (
    <Section title={`Edit ${props.client.id}`}>
      <p class="muted small">
        Tokens the client already holds keep only what it still may do, within seconds.
      </p>
      <ClientForm
        key={props.client.id}
        label={`Edit ${props.client.id}`}
        initial={draftOf(props.client)}
        submitLabel="Save client"
        busy={busy}
        problem={problem}
        onSubmit={submit}
        onCancel={props.onCancel}
      />
    </Section>
  );
}
