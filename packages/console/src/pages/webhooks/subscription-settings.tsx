import { Details, Section, StatusBadge, Time } from '../../ui/components.js';
import { selectionSummary } from './selection.js';
import type { Subscription } from './types.js';

/** What was configured, as GET /v1/subscriptions/{id} shows it. */
export function SubscriptionSettings(props: { subscription: Subscription }) {
  const s = props.subscription;
  const metadata = Object.entries(s.metadata);
  return (
    <Section title="Settings">
      <Details
        items={[
          ['Id', <code>{s.id}</code>],
          [
            'URL',
            s.transport === 'listen' ? (
              <span>
                none: relayed by <code>cofre listen</code>
              </span>
            ) : (
              <code class="break">{s.url}</code>
            ),
          ],
          ['Status', <StatusBadge status={s.status} />],
          ['Events', selectionSummary(s)],
          ['Retries', s.allowRetry ? 'on (allowRetry)' : 'off: one attempt per message'],
          ['Signature format', <code>{s.signatureFormat}</code>],
          [
            'Signing key',
            s.signingKey === 'ed25519' ? (
              // Ed25519: no secret exists; receivers verify v1a signatures with this public key.
              <span>
                <code>ed25519</code> public key <code class="break">{s.publicKey}</code>
              </span>
            ) : (
              <code>{s.signingKey}</code>
            ),
          ],
          ['Max concurrency', s.maxConcurrency],
          ['Transport', s.transport],
          [
            'Metadata',
            metadata.length === 0 ? (
              <span class="muted">none</span>
            ) : (
              <ul class="plain">
                {metadata.map(([k, v]) => (
                  <li key={k}>
                    <code>{k}</code> = {v}
                  </li>
                ))}
              </ul>
            ),
          ],
          ['Created', <Time iso={s.createdAt} />],
          ['Updated', <Time iso={s.updatedAt} />],
        ]}
      />
    </Section>
  );
}
