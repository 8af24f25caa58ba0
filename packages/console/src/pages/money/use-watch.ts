import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { pollJson } from '../../api/live.js';
import { ApiProblem, problemOf } from '../../api/problem.js';
import { useSession } from '../../ui/session.js';

export interface Watched<T> {
  data: T | undefined;
  error: ApiProblem | undefined;
  loading: boolean;
  /** True while the page still polls (the resource has not settled yet). */
  watching: boolean;
  /** Reads it again now and watches until it settles again (after an action changed it). */
  reload: () => void;
}

export function asProblem(error: unknown): ApiProblem {
  return error instanceof ApiProblem
    ? error
    : problemOf(0, { detail: error instanceof Error ? error.message : String(error) });
}

/**
 * Watches one resource (an operation, an account, a beneficiary) until it settles: a conditional
 * GET every `intervalMs` (If-None-Match, so an unchanged resource is a bodiless 304) while
 * `settled(data)` is false, then no more requests. useLive polls for as long as the page is open,
 * which suits lists; a settled operation never changes state again, so polling it would only
 * cost requests. Paused while the tab is hidden.
 */
export function useWatch<T>(
  path: string,
  settled: (data: T) => boolean,
  intervalMs = 1000,
): Watched<T> {
  const { customer } = useSession();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiProblem>();
  const [loading, setLoading] = useState(true);
  const [watching, setWatching] = useState(true);
  const [round, setRound] = useState(0);
  const etag = useRef<string | undefined>(undefined);
  const settledRef = useRef(settled);
  settledRef.current = settled;

  useEffect(() => {
    etag.current = undefined;
    setData(undefined);
    setLoading(true);
  }, [path]);

  useEffect(() => {
    if (!customer) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const headers = { authorization: `Bearer ${customer.token}` };
    setWatching(true);
    const tick = async () => {
      if (stopped) return;
      let done = false;
      if (!document.hidden) {
        try {
          const result = await pollJson<T>(path, headers, etag.current);
          if (stopped) return;
          if (result.kind === 'changed') {
            etag.current = result.etag;
            setData(result.data);
            done = settledRef.current(result.data);
          }
          setError(undefined);
        } catch (err) {
          if (stopped) return;
          const problem = asProblem(err);
          setError(problem);
          // A 404 or 403 will not heal by asking again.
          done = problem.status >= 400 && problem.status < 500;
        }
        setLoading(false);
      }
      if (done) setWatching(false);
      else if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [path, customer, intervalMs, round]);

  const reload = useCallback(() => {
    etag.current = undefined;
    setRound((r) => r + 1);
  }, []);
  return { data, error, loading, watching, reload };
}
