import { useSession } from '../../ui/session.js';

/**
 * Beside the create form in the sandbox: where events come from, and when a local receiver
 * can be used (docs/webhooks.md "Sandbox" and "Callback URL policy").
 */
export function SandboxNote() {
  const { config } = useSession();
  if (config.environment !== 'sandbox') return null;
  return (
    <aside class="alert alert-info sandbox-note" aria-label="About the sandbox">
      <p>
        <strong>Sandbox:</strong> there is no button that fabricates events. They come only from
        using the API: opening an account sends <code>ACCOUNT_CREATED</code>, then{' '}
        <code>ACCOUNT_ASSET_ACTIVATED</code> seconds later; every deposit, withdrawal, swap or PIX
        payment sends <code>OPERATION_REQUESTED</code> then <code>OPERATION_COMPLETED</code> or{' '}
        <code>OPERATION_FAILED</code>. Open an <a href="/console/accounts">account</a> or start an{' '}
        <a href="/console/operations">operation</a> from the money pages to trigger some.
      </p>
      <p>
        A receiver at <code>http://127.0.0.1</code> or <code>localhost</code> works only when this
        server runs with <code>COFRE_ALLOW_LOCAL_WEBHOOKS=true</code>; otherwise the URL must be
        public <code>https://</code>. For a receiver on your laptop,{' '}
        <code>npx cofre listen --forward-to http://localhost:3000/webhooks</code> relays deliveries
        to it without either.
      </p>
    </aside>
  );
}
