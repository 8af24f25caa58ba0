import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { pollJson } from '../api/live.js';
import type { ApiProblem } from '../api/problem.js';
import { problemOf } from '../api/problem.js';
import { useSession } from './session.js';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiProblem | undefined;
  loading: boolean;
  /** Loads again (after an action changed what is shown). */
  reload: () => void;
}

export function asProblem(error: unknown): ApiProblem {
  return error instanceof Error && error.name === 'ApiProblem'
    ? (error as ApiProblem)
    : problemOf(0, { detail: error instanceof Error ? error.message : String(error) });
}

/** Runs `load` when `deps` change (and on reload()); the last answer wins. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiProblem>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (!current) return;
        setError(asProblem(err));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading, reload };
}

export interface Live<T> extends Loaded<T> {
  /** When the data last changed (epoch ms), for "updated 3 s ago". */
  changedAt: number | undefined;
  /** True while the page still polls (always, unless `settled` said the resource settled). */
  watching: boolean;
}

/**
 * Watches a GET endpoint (`path` with its query string) and re-renders when its answer changes:
 * a conditional request every `intervalMs` (If-None-Match, so an unchanged answer is a 304
 * without a body), paused while the tab is hidden. `authorization` is the header value to send;
 * `path` or `authorization` undefined = not now. With `settled`, polling stops once it says the
 * resource will not change again (a final operation, a decided review) or on a 4xx that asking
 * again will not heal; reload() starts it again. useLive (the customer API), the money pages'
 * useWatch and the operator view's useAdminLive are this with their session's token.
 */
export function usePolled<T>(
  path: string | undefined,
  authorization: string | undefined,
  intervalMs: number,
  settled?: (data: T) => boolean,
): Live<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiProblem>();
  const [loading, setLoading] = useState(true);
  const [changedAt, setChangedAt] = useState<number>();
  const [watching, setWatching] = useState(true);
  const [round, setRound] = useState(0);
  const etag = useRef<string | undefined>(undefined);
  const settledRef = useRef(settled);
  settledRef.current = settled;
  useEffect(() => {
    etag.current = undefined;
    setData(undefined);
    setError(undefined);
    setLoading(true);
  }, [path]);
  useEffect(() => {
    if (!path || !authorization) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const headers = { authorization };
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
            setChangedAt(Date.now());
            done = settledRef.current?.(result.data) ?? false;
          }
          setError(undefined);
        } catch (err) {
          if (stopped) return;
          const problem = asProblem(err);
          setError(problem);
          // A 404 of a watched resource will not heal by asking again; a list keeps asking.
          done = settledRef.current !== undefined && problem.status >= 400 && problem.status < 500;
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
  }, [path, authorization, intervalMs, round]);
  const reload = useCallback(() => {
    etag.current = undefined;
    setRound((r) => r + 1);
  }, []);
  return { data, error, loading, reload, changedAt, watching };
}

/** usePolled with the signed-in customer's access token. */
export function useLive<T>(path: string | undefined, intervalMs = 2000): Live<T> {
  const { customer } = useSession();
  return usePolled<T>(path, customer && `Bearer ${customer.token}`, intervalMs);
}
