import { ago } from '../../lib/format.js';
import { useLive } from '../../ui/hooks.js';
import type { SubscriptionHealth } from './types.js';

export type HealthVerdict = { word: string; tone: 'ok' | 'wait' | 'bad' | 'muted' };

/** Healthy, failing or backlogged, in words (the colour only helps), from GET …/health. */
export function healthVerdict(h: SubscriptionHealth): HealthVerdict {
  if (h.status === 'DISABLED') return { word: 'DISABLED', tone: 'bad' };
  if (h.failedMessages > 0 || h.consecutiveFailures > 0) return { word: 'FAILING', tone: 'bad' };
  if (h.status === 'PAUSED' && h.pendingMessages > 0) return { word: 'HELD', tone: 'wait' };
  if (h.pendingMessages > 0) return { word: 'BACKLOG', tone: 'wait' };
  if (!h.lastSuccess) return { word: 'NO DELIVERIES YET', tone: 'muted' };
  return { word: 'HEALTHY', tone: 'ok' };
}

export function pendingText(h: SubscriptionHealth): string {
  return h.pendingMessagesCapped ? `${h.pendingMessages}+` : String(h.pendingMessages);
}

export function VerdictBadge(props: { health: SubscriptionHealth }) {
  const verdict = healthVerdict(props.health);
  return <span class={`badge badge-${verdict.tone}`}>{verdict.word}</span>;
}

/** One subscription's health at a glance for the list, polled (304 while unchanged). */
export function HealthSummary(props: { subscriptionId: string }) {
  const health = useLive<SubscriptionHealth>(
    `/v1/subscriptions/${props.subscriptionId}/health`,
    5000,
  );
  const h = health.data;
  if (!h) return <span class="muted small">{health.error ? 'unavailable' : '…'}</span>;
  return (
    <span class="health-summary">
      <VerdictBadge health={h} />
      <span class="small">
        {pendingText(h)} pending · {h.failedMessages} failed
        {h.lastSuccess && <> · last success {ago(h.lastSuccess.at)}</>}
      </span>
    </span>
  );
}
