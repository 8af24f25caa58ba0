import type { AlertPolicy } from '../../config/config.js';
import type { AlertState } from './subscription-health.repository.js';

/** What one attempt's tally raises (docs/webhooks.md "Delivery alerts"). */
export interface AlertDecision {
  /** SUBSCRIPTION_FAILING: the window's failure rate crossed the threshold. */
  failing: boolean;
  /** SUBSCRIPTION_RECOVERED: a subscription reported failing is back under it. */
  recovered: boolean;
  /** Queue the auto-disable: failing without a success for the configured period. */
  disable: boolean;
}

/**
 * The alert rule, pure: the window's rate counts once it has `minAttempts` attempts (a single
 * failure is not a rate). FAILING is raised when the rate reaches the threshold, the
 * subscription is not already reported failing, and no FAILING was raised within the last
 * window: at most one per subscription and window, and none again until it recovers. RECOVERED
 * is raised when a subscription reported failing has a window of at least `minAttempts` under
 * the threshold. The auto-disable is queued once per failure run of an ACTIVE subscription.
 */
export function alertDecision(
  state: AlertState,
  policy: AlertPolicy,
  at: number,
  subscriptionActive: boolean,
): AlertDecision {
  const counted = state.window_attempts >= policy.minAttempts;
  const crossed =
    counted && state.window_failures * 100 >= policy.failurePercent * state.window_attempts;
  const alerting = state.alerting === 1;
  const rested = state.last_alert_at === null || at >= state.last_alert_at + policy.windowMs;
  return {
    failing: !alerting && crossed && rested,
    recovered: alerting && counted && !crossed,
    disable:
      subscriptionActive &&
      policy.autoDisableAfterMs > 0 &&
      state.failing_since !== null &&
      state.disable_queued_at === null &&
      at - state.failing_since >= policy.autoDisableAfterMs,
  };
}
