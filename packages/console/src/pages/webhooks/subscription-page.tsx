import { Loading, PageHeader, ProblemAlert, StatusBadge, Time } from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { AlertsPanel } from './alerts-panel.js';
import { ExecutionLogs } from './execution-logs.js';
import { HealthPanel } from './health-panel.js';
import { RecoverForm } from './recover-form.js';
import { SecretPanel } from './secret-panel.js';
import { SubscriptionActions } from './subscription-actions.js';
import { SubscriptionSettings } from './subscription-settings.js';
import type { Subscription } from './types.js';

/**
 * `/console/webhooks/:subscriptionId`: settings and actions, delivery health, the signing
 * secret, recover, its delivery alerts, and the execution logs, live.
 */
export function SubscriptionPage(props: { subscriptionId: string }) {
  const subscription = useLive<Subscription>(`/v1/subscriptions/${props.subscriptionId}`, 5000);
  const s = subscription.data;
  if (!s) {
    return (
      <div>
        <PageHeader title="Subscription" subtitle={<code>{props.subscriptionId}</code>} />
        {subscription.error ? (
          <>
            <ProblemAlert problem={subscription.error} />
            <p>
              <a href="/console/webhooks">All subscriptions</a>
            </p>
          </>
        ) : (
          <Loading what="the subscription" />
        )}
      </div>
    );
  }
  return (
    <div>
      <p class="breadcrumb small">
        <a href="/console/webhooks">Subscriptions</a> /
      </p>
      <PageHeader
        title="Subscription"
        subtitle={
          <>
            <StatusBadge status={s.status} />{' '}
            <code class="break">{s.transport === 'listen' ? 'cofre listen' : s.url}</code>
          </>
        }
        actions={<SubscriptionActions subscription={s} onChanged={subscription.reload} />}
      />
      {s.status === 'PAUSED' && (
        <p class="alert alert-info" role="status">
          Paused: new messages are <strong>HELD</strong>, not sent. Resume to send them, oldest
          first.
        </p>
      )}
      {s.status === 'DISABLED' && (
        <p class="alert alert-error" role="status">
          Disabled by cofre
          {s.disabled && (
            <>
              {' '}
              at <Time iso={s.disabled.at} />
            </>
          )}
          : {s.disabled?.reason} New messages are <strong>HELD</strong>, not sent. Enable it to send
          them, oldest first.
        </p>
      )}
      <div class="grid">
        <SubscriptionSettings subscription={s} />
        <HealthPanel subscriptionId={s.id} />
      </div>
      <div class="grid">
        {/* An Ed25519 subscription has no secret: its public key is in the settings. */}
        {s.signingKey !== 'ed25519' && <SecretPanel subscriptionId={s.id} />}
        <RecoverForm subscription={s} />
      </div>
      <AlertsPanel subscriptionId={s.id} />
      <ExecutionLogs subscriptionId={s.id} />
    </div>
  );
}
