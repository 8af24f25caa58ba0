import { PageHeader, Section } from '../../ui/components.js';
import { useSession } from '../../ui/session.js';
import { ActorWarning, OPERATOR } from './parts.js';

/**
 * The back-office's landing page: each task of docs/admin.md and where it is done. Everything
 * here calls /admin/v1 with the admin token, and every change lands in the audit log under
 * the name given at sign-in.
 */
export function OperatorHome() {
  const { operator, config } = useSession();
  return (
    <div>
      <PageHeader
        title="Back-office"
        subtitle={
          <>
            Signed in as <code>{operator?.actor}</code> on the {config.environment} deployment.
            Every change is written to the audit log under that name.
          </>
        }
      />
      <ActorWarning />
      <Section title="Tasks">
        <ul class="links">
          <li>
            <a href={OPERATOR.review}>Review queue</a>: approve or reject payment instructions.
          </li>
          <li>
            <a href={OPERATOR.customers}>Customers</a>: create one, issue API clients, rotate a
            secret, disable a client.
          </li>
          <li>
            <a href={OPERATOR.accounts}>Accounts</a>: finish asset onboarding, freeze or unfreeze.
          </li>
          <li>
            <a href={OPERATOR.operations}>Operations</a>: receive deposits, complete or fail
            payouts, reverse a completed deposit or withdrawal.
          </li>
          <li>
            <a href={OPERATOR.pix}>PIX keys and rates</a>: the production directory and prices.
          </li>
          <li>
            <a href={OPERATOR.audit}>Audit log</a>: who changed what, and when.
          </li>
          <li>
            <a href={OPERATOR.health}>Health</a>: the job queue and webhook backlog.
          </li>
        </ul>
      </Section>
    </div>
  );
}
