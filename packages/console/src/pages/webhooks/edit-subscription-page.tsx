import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Loading, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { formatMetadata, metadataPatch } from './metadata.js';
import { selectionBody, selectionOf } from './selection.js';
import { SubscriptionForm, type SubscriptionValues } from './subscription-form.js';
import type { Subscription, UpdateSubscriptionBody } from './types.js';

/**
 * `/console/webhooks/:subscriptionId/edit`: PATCH what changed. The selection is sent whole
 * (`resources` replaces it); metadata is merged by the API, so a removed line is sent as "".
 */
export function EditSubscriptionPage(props: { subscriptionId: string }) {
  const api = useApi();
  const { route } = useLocation();
  const path = { params: { path: { subscriptionId: props.subscriptionId } } };
  const current = useAsync(
    () => must(api.GET('/v1/subscriptions/{subscriptionId}', path)),
    [props.subscriptionId],
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();

  const save = async (before: Subscription, values: SubscriptionValues) => {
    const body: UpdateSubscriptionBody = {
      ...selectionBody(values.selection),
      allowRetry: values.allowRetry,
      signatureFormat: values.signatureFormat,
      maxConcurrency: values.maxConcurrency,
      metadata: metadataPatch(before.metadata, values.metadata),
    };
    if (before.transport !== 'listen' && values.url !== before.url) body.url = values.url;
    setBusy(true);
    setProblem(undefined);
    try {
      await must(api.PATCH('/v1/subscriptions/{subscriptionId}', { ...path, body }));
      route(`/console/webhooks/${props.subscriptionId}`);
    } catch (error) {
      setProblem(error as ApiProblem);
      setBusy(false);
    }
  };

  const s = current.data;
  return (
    <div>
      <p class="breadcrumb small">
        <a href="/console/webhooks">Subscriptions</a> /{' '}
        <a href={`/console/webhooks/${props.subscriptionId}`}>
          <code>{props.subscriptionId}</code>
        </a>{' '}
        /
      </p>
      <PageHeader title="Edit subscription" subtitle={<code>{props.subscriptionId}</code>} />
      {!s ? (
        current.error ? (
          <ProblemAlert problem={current.error} />
        ) : (
          <Loading what="the subscription" />
        )
      ) : (
        <Section title="Subscription">
          <SubscriptionForm
            initial={{
              url: s.url,
              selection: selectionOf(s),
              allowRetry: s.allowRetry,
              signatureFormat: s.signatureFormat,
              maxConcurrency: String(s.maxConcurrency),
              metadata: formatMetadata(s.metadata),
            }}
            listen={s.transport === 'listen'}
            submitLabel="Save changes"
            busy={busy}
            problem={problem}
            onSubmit={(values) => void save(s, values)}
          >
            <a href={`/console/webhooks/${s.id}`}>Cancel</a>
          </SubscriptionForm>
          <p class="muted small">
            A new signature format applies from the next attempt, retries and resends of older
            messages included. Pause, resume and delete are on the subscription's page.
          </p>
        </Section>
      )}
    </div>
  );
}
