import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Button, ProblemAlert } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import type { ExecutionLog } from './types.js';

/**
 * POST …/resend (204): one more attempt of this log's message, same body (and, in the cofre
 * format, same headers); it shows up as a RESEND attempt. No automatic retries follow it.
 */
export function ResendButton(props: { log: ExecutionLog }) {
  const api = useApi();
  const { log } = props;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const resend = async () => {
    setBusy(true);
    setProblem(undefined);
    setDone(false);
    try {
      await must(
        api.POST('/v1/subscriptions/{subscriptionId}/executionLogs/{logId}/resend', {
          params: { path: { subscriptionId: log.subscriptionId, logId: log.id } },
        }),
      );
      setDone(true);
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="resend">
      <Button kind="primary" busy={busy} onClick={() => void resend()}>
        Resend
      </Button>
      {done && (
        <p class="alert alert-ok" role="status">
          Resend queued: a new attempt of <code>{log.messageId}</code> (trigger{' '}
          <strong>RESEND</strong>) appears below and in the{' '}
          <a href={`/console/webhooks/${log.subscriptionId}`}>subscription's execution logs</a>.
        </p>
      )}
      <ProblemAlert problem={problem} />
    </div>
  );
}
