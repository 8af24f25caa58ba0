import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { adminReadHeaders, createAdminApi, type AdminApi } from '../../api/admin.js';
import { pollJson } from '../../api/live.js';
import { ApiProblem, problemOf } from '../../api/problem.js';
import type { Live } from '../../ui/hooks.js';
import { useSession, type OperatorSession } from '../../ui/session.js';

/** The back-office API for the signed-in operator (only on pages behind the operator guard). */
export function useAdmin(): { api: AdminApi; operator: OperatorSession } {
  const { operator, signOutOperator } = useSession();
  if (!operator) throw new Error('useAdmin without an operator session');
  // The latest sign-out, without making a new client on every render.
  const signOut = useRef(signOutOperator);
  signOut.current = signOutOperator;
  const api = useMemo(() => createAdminApi(operator, () => signOut.current()), [operator]);
  return { api, operator };
}

const asProblem = (error: unknown): ApiProblem =>
  error instanceof ApiProblem
    ? error
    : problemOf(0, { detail: error instanceof Error ? error.message : String(error) });

/**
 * Watches a GET of the back-office (`path` with its query string): a conditional request every
 * `intervalMs` (If-None-Match: an unchanged answer is a bodiless 304, docs/console.md "Live
 * pages"), paused while the tab is hidden. ui/hooks.ts `useLive` is the customer API's twin.
 * `path` undefined = not now.
 */
export function useAdminLive<T>(path: string | undefined, intervalMs = 2000): Live<T> {
  const { operator } = useSession();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiProblem>();
  const [loading, setLoading] = useState(true);
  const [changedAt, setChangedAt] = useState<number>();
  const [round, setRound] = useState(0);
  const etag = useRef<string | undefined>(undefined);
  useEffect(() => {
    etag.current = undefined;
    setData(undefined);
    setError(undefined);
    setLoading(true);
  }, [path]);
  useEffect(() => {
    if (!path || !operator) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped) return;
      if (!document.hidden) {
        try {
          const result = await pollJson<T>(path, adminReadHeaders(operator), etag.current);
          if (stopped) return;
          if (result.kind === 'changed') {
            etag.current = result.etag;
            setData(result.data);
            setChangedAt(Date.now());
          }
          setError(undefined);
        } catch (err) {
          if (stopped) return;
          setError(asProblem(err));
        }
        setLoading(false);
      }
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [path, operator, intervalMs, round]);
  const reload = useCallback(() => {
    etag.current = undefined;
    setRound((r) => r + 1);
  }, []);
  return { data, error, loading, reload, changedAt };
}

/** `base` with the given query parameters, leaving out the empty ones. */
export function withQuery(
  base: string,
  query: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * A list's position: the cursor and direction of the page shown (none: the first page). A
 * position belongs to the filters it was reached with; any other filters start from the first
 * page, since a cursor is bound to its filters (another list's cursor is a 400).
 */
export function usePagePosition(filtersKey: string) {
  const [state, setState] = useState<{
    key: string;
    cursor: string;
    direction: 'NEXT' | 'PREVIOUS';
  }>();
  // One object per position (a dependency of the page's read), never one per render.
  const position = useMemo(
    () =>
      state && state.key === filtersKey
        ? { cursor: state.cursor, direction: state.direction }
        : undefined,
    [state, filtersKey],
  );
  const onPage = useCallback(
    (cursor: string, direction: 'NEXT' | 'PREVIOUS') =>
      setState({ key: filtersKey, cursor, direction }),
    [filtersKey],
  );
  return { position, onPage };
}

/** The query string value of `name` in the current URL (a filter a link prefilled). */
export function queryParam(name: string): string {
  return new URLSearchParams(location.search).get(name) ?? '';
}
