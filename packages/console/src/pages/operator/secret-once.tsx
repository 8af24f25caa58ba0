import { Button, CopyButton } from '../../ui/components.js';

/**
 * A client secret the API has just issued (a new customer, a new client, a rotation): shown
 * here once, with copy buttons, and never again — the server keeps only its hash
 * (docs/admin.md "Customers and API clients"). Dismissing it drops it from the page.
 */
export function SecretOnce(props: {
  title: string;
  credentials: { customerId?: string; clientId: string; clientSecret: string };
  onDismiss: () => void;
}) {
  const { customerId, clientId, clientSecret } = props.credentials;
  return (
    <section class="alert alert-info op-secret" aria-label={props.title}>
      <h2>{props.title}</h2>
      <p>
        <strong>Copy the secret now: it is shown only this once.</strong> Give it to the customer
        through a safe channel; cofre keeps only its hash.
      </p>
      <dl class="details">
        {customerId && (
          <div>
            <dt>Customer id</dt>
            <dd>
              <code>{customerId}</code> <CopyButton value={customerId} label="Copy customer id" />
            </dd>
          </div>
        )}
        <div>
          <dt>Client id</dt>
          <dd>
            <code data-testid="client-id">{clientId}</code>{' '}
            <CopyButton value={clientId} label="Copy client id" />
          </dd>
        </div>
        <div>
          <dt>Client secret</dt>
          <dd>
            <code class="op-secret-value" data-testid="client-secret">
              {clientSecret}
            </code>{' '}
            <CopyButton value={clientSecret} label="Copy client secret" />
          </dd>
        </div>
      </dl>
      <Button onClick={props.onDismiss}>I have stored it</Button>
    </section>
  );
}
