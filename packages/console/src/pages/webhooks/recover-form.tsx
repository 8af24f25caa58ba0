import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Button, Field, ProblemAlert, Section } from '../../ui/components.js';
import { isoToLocalInput, localInputToIso, timeZone } from '../../lib/format.js';
import { useApi } from '../../ui/session.js';
import type { Subscription } from './types.js';

/**
 * "Recover failed since": POST …/recover re-queues every message whose last attempt failed at
 * or after a time and that is no longer being retried (after an outage, instead of resending
 * log by log). The time is typed in the reader's zone and sent as a UTC instant.
 */
export function RecoverForm(props: { subscription: Subscription }) {
  const api = useApi();
  const s = props.subscription;
  const [since, setSince] = useState(() =>
    isoToLocalInput(new Date(Date.now() - 3600_000).toISOString()),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [queued, setQueued] = useState<{ count: number; since: string }>();
  const blocked =
    s.transport === 'listen'
      ? 'A listen subscription cannot be recovered: its messages go to cofre listen.'
      : s.status === 'PAUSED'
        ? 'Resume the subscription first: recover is refused while it is paused.'
        : s.status === 'DISABLED'
          ? 'Enable the subscription first: recover is refused while it is disabled.'
          : undefined;

  const submit = async (event: Event) => {
    event.preventDefault();
    const iso = localInputToIso(since);
    if (!iso) return;
    setBusy(true);
    setProblem(undefined);
    setQueued(undefined);
    try {
      const answer = await must(
        api.POST('/v1/subscriptions/{subscriptionId}/recover', {
          params: { path: { subscriptionId: s.id } },
          body: { since: iso },
        }),
      );
      setQueued({ count: answer.queued, since: iso });
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Recover failed messages">
      <p class="muted small">
        Sends again every message whose retries ran out (or were not allowed) with a last failure at
        or after this time. Each appears below as a <code>RESEND</code> attempt.
      </p>
      <form class="inline" onSubmit={(e) => void submit(e)} aria-label="Recover failed messages">
        <Field
          label="Failed since"
          hint={`Your time, ${timeZone()}`}
          error={problem?.fieldError('/since')}
        >
          {(id, describedBy) => (
            <input
              id={id}
              name="since"
              type="datetime-local"
              required
              aria-describedby={describedBy}
              value={since}
              onInput={(e) => setSince(e.currentTarget.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={busy} disabled={!!blocked || !localInputToIso(since)}>
          Recover
        </Button>
      </form>
      {blocked && <p class="muted small">{blocked}</p>}
      {queued && (
        <p class="alert alert-ok" role="status">
          {queued.count === 0
            ? 'No failed message to recover since then.'
            : `${queued.count} ${queued.count === 1 ? 'message' : 'messages'} re-queued.`}{' '}
          <span class="small">
            (since <code>{queued.since}</code>)
          </span>
        </p>
      )}
      <ProblemAlert problem={problem} />
    </Section>
  );
}
