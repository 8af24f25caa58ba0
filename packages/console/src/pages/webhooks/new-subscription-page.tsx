import { useState } from 'preact/hooks';
import { must, newIdempotencyKey } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { PageHeader, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { SandboxNote } from './sandbox-note.js';
import { SecretValue } from './secret-reveal.js';
import { EVERYTHING, selectionBody } from './selection.js';
import {
  SubscriptionForm,
  type SubscriptionDraft,
  type SubscriptionValues,
} from './subscription-form.js';
import type { CreatedSubscription } from './types.js';

const BLANK: SubscriptionDraft = {
  url: '',
  selection: EVERYTHING,
  // The API's default is false (docs/webhooks.md: "Turn it on"); the form starts with it on.
  allowRetry: true,
  signatureFormat: 'cofre',
  maxConcurrency: '4',
  metadata: '',
};

/** `/console/webhooks/new`: subscribe a URL to events, then show its signing secret once. */
export function NewSubscriptionPage() {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [created, setCreated] = useState<CreatedSubscription>();
  // One key per filled-in form: a double submit or a retry after a lost answer creates one
  // subscription, and the replayed 201 carries the same secret.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const create = async (values: SubscriptionValues) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const subscription = await must(
        api.POST('/v1/subscriptions', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body: {
            url: values.url,
            ...selectionBody(values.selection),
            allowRetry: values.allowRetry,
            signatureFormat: values.signatureFormat,
            maxConcurrency: values.maxConcurrency,
            metadata: values.metadata,
          },
        }),
      );
      setCreated(subscription);
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };

  if (created) return <Created subscription={created} />;
  return (
    <div>
      <PageHeader
        title="New subscription"
        subtitle="Each selected event is POSTed to your URL, signed with the subscription's own secret."
      />
      <div class="create-layout">
        <Section title="Subscription">
          <SubscriptionForm
            initial={BLANK}
            submitLabel="Create subscription"
            busy={busy}
            problem={problem}
            onSubmit={(values) => void create(values)}
          >
            <a href="/console/webhooks">Cancel</a>
          </SubscriptionForm>
        </Section>
        <SandboxNote />
      </div>
    </div>
  );
}

function Created(props: { subscription: CreatedSubscription }) {
  const s = props.subscription;
  return (
    <div>
      <PageHeader title="Subscription created" subtitle={<code>{s.id}</code>} />
      <Section title="Signing secret">
        <div class="alert alert-info" role="status">
          <strong>Store this secret now</strong> in your receiver's configuration: it verifies that
          each delivery comes from cofre. This page shows it once; to read it again later, use{' '}
          <em>Reveal secret</em> on the subscription's page, or{' '}
          <code>GET /v1/subscriptions/{'{id}'}/secret</code>.
        </div>
        <p>
          {/* The console creates HMAC subscriptions only, which always have a secret. */}
          <SecretValue secret={s.secret ?? ''} label="New signing secret" />
        </p>
        <p class="muted small">
          The HMAC key is the base64-decoded part after <code>whsec_</code>, not the string itself
          (docs/webhooks.md "Verify the signature").
        </p>
      </Section>
      <div class="actions">
        <a class="btn btn-primary" href={`/console/webhooks/${s.id}`}>
          Open the subscription
        </a>
        <a class="btn btn-secondary" href="/console/webhooks">
          All subscriptions
        </a>
      </div>
    </div>
  );
}
