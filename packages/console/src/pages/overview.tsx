import { useSession } from '../ui/session.js';
import { PageHeader, Section } from '../ui/components.js';
import { SignIn } from './sign-in.js';

/**
 * The landing page: where to go next. Signed out, it is the sign-in page.
 */
export function Overview() {
  const { customer, operator, config } = useSession();
  if (!customer && !operator) return <SignIn />;
  return (
    <div>
      <PageHeader
        title="Overview"
        subtitle={`The ${config.environment} deployment${config.environment === 'sandbox' ? ': every lifecycle settles within seconds, and the magic values next to each form choose failures on purpose' : ''}.`}
      />
      {customer && (
        <Section title="Your integration">
          <ul class="links">
            <li>
              <a href="/console/accounts">Accounts</a>: balances per asset and statements.
            </li>
            <li>
              <a href="/console/operations">Operations</a>: deposits, withdrawals, swaps, PIX; each
              one's state history.
            </li>
            <li>
              <a href="/console/webhooks">Webhooks</a>: subscriptions, deliveries, resend.
            </li>
            <li>
              <a href="/console/events">Events</a>: everything that happened, and whether it was
              delivered.
            </li>
          </ul>
        </Section>
      )}
      {operator && (
        <Section title="Back-office">
          <p>
            Signed in as operator <code>{operator.actor}</code>: see the{' '}
            <a href="/console/operator">operator view</a>.
          </p>
        </Section>
      )}
    </div>
  );
}
