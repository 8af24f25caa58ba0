import { useRef, useState } from 'preact/hooks';
import { newIdempotencyKey } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { asProblem } from '../../ui/hooks.js';

export interface Submitter {
  busy: boolean;
  problem: ApiProblem | undefined;
  /** The server's message for the field at `pointer` ("/amount"), if it named one. */
  fieldError: (pointer: string) => string | undefined;
  /**
   * Sends `body` once with an Idempotency-Key and answers the result, or undefined when it was
   * refused (the problem is then in `problem`).
   */
  submit: <B, T>(
    body: B,
    send: (body: B, idempotencyKey: string) => Promise<T>,
  ) => Promise<T | undefined>;
  reset: () => void;
}

/**
 * One form's submission state. Each submission gets its own Idempotency-Key (docs/api.md
 * "Idempotency"), so a double click cannot move money twice; a submission that got no definite
 * answer (network down, 5xx) keeps its key while the body is unchanged, so pressing the button
 * again retries the same request instead of making a second one. A changed body is a new
 * submission with a new key (the server would refuse an old key with another body).
 */
export function useSubmit(): Submitter {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const pending = useRef<{ key: string; body: string } | undefined>(undefined);
  const inFlight = useRef(false);

  async function submit<B, T>(
    body: B,
    send: (body: B, idempotencyKey: string) => Promise<T>,
  ): Promise<T | undefined> {
    if (inFlight.current) return undefined;
    const fingerprint = JSON.stringify(body);
    if (pending.current?.body !== fingerprint) {
      pending.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    inFlight.current = true;
    setBusy(true);
    setProblem(undefined);
    try {
      const result = await send(body, pending.current.key);
      pending.current = undefined;
      return result;
    } catch (error) {
      const p = asProblem(error);
      if (p.status !== 0 && p.status < 500) pending.current = undefined;
      setProblem(p);
      return undefined;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return {
    busy,
    problem,
    fieldError: (pointer) => problem?.fieldError(pointer),
    submit,
    reset: () => setProblem(undefined),
  };
}
