import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { adminReadHeaders, createAdminApi, type AdminApi } from '../../api/admin.js';
import { usePolled, type Live } from '../../ui/hooks.js';
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

/** usePolled (ui/hooks.ts) with the signed-in operator's admin token. */
export function useAdminLive<T>(path: string | undefined, intervalMs = 2000): Live<T> {
  const { operator } = useSession();
  return usePolled<T>(path, operator && adminReadHeaders(operator).authorization, intervalMs);
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
