import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Button, ProblemAlert } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import type { Subscription } from './types.js';

/**
 * Pause / resume (PATCH status: messages are HELD while paused and sent oldest first on resume)
 * and delete, which asks first: it cancels every message not yet delivered.
 */
export function SubscriptionActions(props: { subscription: Subscription; onChanged: () => void }) {
  const api = useApi();
  const { route } = useLocation();
  const s = props.subscription;
  const [busy, setBusy] = useState<'status' | 'delete'>();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const path = { params: { path: { subscriptionId: s.id } } };

  const setStatus = async (status: 'ACTIVE' | 'PAUSED') => {
    setBusy('status');
    setProblem(undefined);
    try {
      await must(api.PATCH('/v1/subscriptions/{subscriptionId}', { ...path, body: { status } }));
      props.onChanged();
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setProblem(undefined);
    try {
      await must(api.DELETE('/v1/subscriptions/{subscriptionId}', path));
      route(`/console/webhooks?deleted=${encodeURIComponent(s.id)}`);
    } catch (error) {
      setProblem(error as ApiProblem);
      setBusy(undefined);
    }
  };

  return (
    <div class="subscription-actions">
      <div class="actions">
        <a class="btn btn-secondary" href={`/console/webhooks/${s.id}/edit`}>
          Edit
        </a>
        {s.status === 'ACTIVE' ? (
          <Button busy={busy === 'status'} onClick={() => void setStatus('PAUSED')}>
            Pause deliveries
          </Button>
        ) : (
          <Button kind="primary" busy={busy === 'status'} onClick={() => void setStatus('ACTIVE')}>
            {s.status === 'DISABLED' ? 'Enable deliveries' : 'Resume deliveries'}
          </Button>
        )}
        <Button kind="danger" onClick={() => setConfirming(true)} aria-expanded={confirming}>
          Delete
        </Button>
      </div>
      {confirming && (
        <div class="alert alert-error confirm" role="group" aria-labelledby="delete-question">
          <p id="delete-question">
            Delete this subscription? Messages not delivered yet are cancelled, and nothing more is
            sent to it. This cannot be undone.
          </p>
          <div class="actions">
            <Button kind="danger" busy={busy === 'delete'} onClick={() => void remove()}>
              Yes, delete it
            </Button>
            <Button onClick={() => setConfirming(false)}>Keep it</Button>
          </div>
        </div>
      )}
      <ProblemAlert problem={problem} />
    </div>
  );
}
