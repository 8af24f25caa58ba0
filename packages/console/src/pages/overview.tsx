import { useSession } from '../ui/session.js';
import { PageHeader } from '../ui/components.js';
import { CustomerDashboard } from './dashboard/customer-dashboard.js';
import { OperatorDashboard } from './dashboard/operator-dashboard.js';
import { SignIn } from './sign-in.js';
import './dashboard/dashboard.css';

/**
 * The landing page: for a customer, the figures people look at first (balances, today's
 * operations, failing deliveries, delivery success and latency), each linking to its page; for
 * an operator, what waits for a person and whether the jobs keep up.
 * Signed out, it is the sign-in page.
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
      {customer && <CustomerDashboard />}
      {operator && <OperatorDashboard />}
    </div>
  );
}
