import { describe, expect, it } from 'vitest';
import { alertDecision } from '../../src/webhooks/health/delivery-alerts.js';
import type { AlertState } from '../../src/webhooks/health/subscription-health.repository.js';

const policy = {
  windowMs: 60_000,
  failurePercent: 50,
  minAttempts: 4,
  autoDisableAfterMs: 3_600_000,
};
const AT = 10_000_000;
const state = (s: Partial<AlertState>): AlertState => ({
  window_started_at: AT - 1_000,
  window_attempts: 0,
  window_failures: 0,
  failing_since: null,
  alerting: 0,
  last_alert_at: null,
  disable_queued_at: null,
  ...s,
});

describe('the delivery alert rule', () => {
  it.each([
    [
      'raises FAILING when the rate reaches the threshold',
      { window_attempts: 4, window_failures: 2 },
      true,
    ],
    ['waits for the minimum number of attempts', { window_attempts: 3, window_failures: 3 }, false],
    ['stays quiet under the threshold', { window_attempts: 10, window_failures: 4 }, false],
    [
      'raises nothing again while reported failing',
      { window_attempts: 4, window_failures: 4, alerting: 1 },
      false,
    ],
    [
      'raises nothing within a window of the last FAILING',
      { window_attempts: 4, window_failures: 4, last_alert_at: AT - 59_999 },
      false,
    ],
    [
      'raises it again a window after the last one, once recovered',
      { window_attempts: 4, window_failures: 4, last_alert_at: AT - 60_000 },
      true,
    ],
  ] as const)('%s', (_name, s, failing) => {
    expect(alertDecision(state(s), policy, AT, true).failing).toBe(failing);
  });

  it('recovers a failing subscription once a full window is under the threshold', () => {
    expect(
      alertDecision(
        state({ alerting: 1, window_attempts: 4, window_failures: 1 }),
        policy,
        AT,
        true,
      ).recovered,
    ).toBe(true);
    expect(
      alertDecision(
        state({ alerting: 1, window_attempts: 3, window_failures: 0 }),
        policy,
        AT,
        true,
      ).recovered,
    ).toBe(false);
    expect(
      alertDecision(
        state({ alerting: 0, window_attempts: 4, window_failures: 0 }),
        policy,
        AT,
        true,
      ).recovered,
    ).toBe(false);
  });

  it('queues the auto-disable once, for an active subscription failing for the whole period', () => {
    const failing = { failing_since: AT - 3_600_000 };
    expect(alertDecision(state(failing), policy, AT, true).disable).toBe(true);
    expect(alertDecision(state({ failing_since: AT - 3_599_999 }), policy, AT, true).disable).toBe(
      false,
    );
    expect(
      alertDecision(state({ ...failing, disable_queued_at: AT - 1 }), policy, AT, true).disable,
    ).toBe(false);
    expect(alertDecision(state(failing), policy, AT, false).disable).toBe(false);
    expect(
      alertDecision(state(failing), { ...policy, autoDisableAfterMs: 0 }, AT, true).disable,
    ).toBe(false);
  });
});
