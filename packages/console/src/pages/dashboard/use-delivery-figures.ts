import { useEffect, useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { useAsync, type Loaded } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { healthVerdict } from '../webhooks/health-summary.js';
import type { Subscription, SubscriptionHealth } from '../webhooks/types.js';
import type { Attempt } from './attempt-buckets.js';

/** At most this many subscriptions, and attempts of each, feed the overview (documented). */
export const DASHBOARD_SUBSCRIPTIONS = 20;
export const DASHBOARD_ATTEMPTS = 100;

export interface DeliveryFigures {
  subscriptions: { subscription: Subscription; health: SubscriptionHealth }[];
  /** More subscriptions exist than the overview reads. */
  more: boolean;
  failing: number;
  pending: number;
  pendingCapped: boolean;
  failedMessages: number;
  attempts: Attempt[];
}

/**
 * The webhook figures of the overview, read through the documented API every `intervalMs`
 * while the tab is visible: the subscriptions (first page), each one's health
 * (`GET …/health`) and its newest execution logs (one per attempt).
 */
export function useDeliveryFigures(intervalMs = 5000): Loaded<DeliveryFigures> {
  const api = useApi();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      if (!document.hidden) setTick((t) => t + 1);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return useAsync(async () => {
    const list = await must(
      api.GET('/v1/subscriptions', { params: { query: { limit: DASHBOARD_SUBSCRIPTIONS } } }),
    );
    const rows = await Promise.all(
      list.data.map(async (subscription) => {
        const path = { params: { path: { subscriptionId: subscription.id } } };
        const [health, logs] = await Promise.all([
          must(api.GET('/v1/subscriptions/{subscriptionId}/health', path)),
          must(
            api.GET('/v1/subscriptions/{subscriptionId}/executionLogs', {
              params: { ...path.params, query: { limit: DASHBOARD_ATTEMPTS } },
            }),
          ),
        ]);
        return { subscription, health, logs: logs.data };
      }),
    );
    return {
      subscriptions: rows.map(({ subscription, health }) => ({ subscription, health })),
      more: list.meta.nextCursor !== null,
      failing: rows.filter((r) => healthVerdict(r.health).word === 'FAILING').length,
      pending: rows.reduce((n, r) => n + r.health.pendingMessages, 0),
      pendingCapped: rows.some((r) => r.health.pendingMessagesCapped),
      failedMessages: rows.reduce((n, r) => n + r.health.failedMessages, 0),
      attempts: rows.flatMap((r) =>
        r.logs.map((log) => ({
          at: new Date(log.createdAt).getTime(),
          ok: log.status === 'SUCCESS',
          durationMs: log.durationMs,
        })),
      ),
    };
  }, [api, tick]);
}
