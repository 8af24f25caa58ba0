import { must } from '../../api/http.js';
import { useAsync } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';

export interface Reason {
  code: string;
  message: string;
}

/** Reads an ACCOUNT_ASSET_FAILED event's data (the account, plus `asset` and `reason`). */
function failureOf(data: unknown): [string, Reason] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { asset, reason } = data as {
    asset?: unknown;
    reason?: { code?: unknown; message?: unknown };
  };
  if (typeof asset !== 'string' || typeof reason?.code !== 'string') return undefined;
  return [
    asset,
    { code: reason.code, message: typeof reason.message === 'string' ? reason.message : '' },
  ];
}

/**
 * Why each FAILED asset of an account failed onboarding. The account itself shows only the
 * state; the reason is in its ACCOUNT_ASSET_FAILED event (docs/api.md "Accounts"), read from the
 * events feed (GET /v1/events, kept 30 days). Asked only when some asset has failed.
 */
export function useAssetFailures(accountId: string, failed: number): Record<string, Reason> {
  const api = useApi();
  const events = useAsync(
    () =>
      failed === 0
        ? Promise.resolve(undefined)
        : must(
            api.GET('/v1/events', {
              params: {
                query: { resourceId: accountId, type: ['ACCOUNT_ASSET_FAILED'], limit: 10 },
              },
            }),
          ),
    [api, accountId, failed],
  );
  return Object.fromEntries(
    (events.data?.data ?? []).flatMap((e) => {
      const f = failureOf(e.data);
      return f ? [f] : [];
    }),
  );
}
