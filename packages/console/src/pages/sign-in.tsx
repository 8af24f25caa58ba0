import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { isValidActor } from '../api/admin.js';
import type { ApiProblem } from '../api/problem.js';
import { Button, Field, ProblemAlert, Section } from '../ui/components.js';
import { useSession } from '../ui/session.js';

/**
 * Sign in with an API client's credentials (the customer's view), and — when the back-office is
 * on — with the admin token (the operator's view). Nothing typed here is stored: the secret is
 * exchanged for an access token at once and dropped; the token lasts the tab's life (ui/
 * stored-session.ts) until it expires or "Sign out". The admin token lives in memory only.
 */
export function SignIn(props: { for?: 'customer' | 'operator' }) {
  const session = useSession();
  const { path, route } = useLocation();
  const after = () => {
    if (path === '/console/sign-in') route('/console/');
  };
  const wantsOperator = props.for === 'operator';
  return (
    <div class="sign-in">
      <h1>{wantsOperator ? 'Operator sign-in' : 'Sign in'}</h1>
      {session.endedBecause && (
        <p class="alert alert-info" role="status">
          You were signed out: {session.endedBecause}
        </p>
      )}
      {!wantsOperator && !session.customer && <CustomerForm onDone={after} />}
      {session.config.adminEnabled &&
        !session.operator &&
        (props.for !== 'customer' || path === '/console/sign-in') && (
          <OperatorForm onDone={after} />
        )}
      {wantsOperator && !session.config.adminEnabled && (
        <p>The back-office is off on this server (no COFRE_ADMIN_TOKEN).</p>
      )}
    </div>
  );
}

function CustomerForm(props: { onDone: () => void }) {
  const { signIn, config } = useSession();
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await signIn(clientId.trim(), secret);
      setSecret('');
      props.onDone();
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="API client">
      <p class="muted">
        The <code>clientId</code> and <code>clientSecret</code> of one of your API clients for this{' '}
        {config.environment} deployment.{' '}
        {config.environment === 'sandbox' && (
          <>
            A first <code>npm start</code> prints a demo client;{' '}
            <code>npx cofre clients create</code> makes another.
          </>
        )}
      </p>
      <form onSubmit={(e) => void submit(e)} aria-label="Sign in with API client credentials">
        <Field label="Client id">
          {(id, describedBy) => (
            <input
              id={id}
              name="clientId"
              aria-describedby={describedBy}
              autoComplete="username"
              required
              spellcheck={false}
              value={clientId}
              onInput={(e) => setClientId(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Client secret">
          {(id, describedBy) => (
            <input
              id={id}
              name="clientSecret"
              type="password"
              aria-describedby={describedBy}
              autoComplete="current-password"
              required
              value={secret}
              onInput={(e) => setSecret(e.currentTarget.value)}
            />
          )}
        </Field>
        <ProblemAlert problem={problem} />
        <Button kind="primary" type="submit" busy={busy}>
          Sign in
        </Button>
      </form>
    </Section>
  );
}

function OperatorForm(props: { onDone: () => void }) {
  const { signInOperator } = useSession();
  const [token, setToken] = useState('');
  const [actor, setActor] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const actorError =
    actor.trim() && !isValidActor(actor.trim())
      ? 'Letters, digits and punctuation without accents (printable ASCII), up to 100.'
      : undefined;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (actorError) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await signInOperator(token, actor);
      setToken('');
      props.onDone();
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Operator (back-office)">
      <p class="muted">
        The server's <code>COFRE_ADMIN_TOKEN</code>. Every action you take is written to the audit
        log under the name below.
      </p>
      <form onSubmit={(e) => void submit(e)} aria-label="Sign in as operator">
        <Field label="Admin token">
          {(id, describedBy) => (
            <input
              id={id}
              name="adminToken"
              type="password"
              aria-describedby={describedBy}
              autoComplete="off"
              required
              value={token}
              onInput={(e) => setToken(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label="Your name in the audit log"
          hint="1–100 characters; defaults to “console”."
          error={actorError}
        >
          {(id, describedBy) => (
            <input
              id={id}
              name="actor"
              aria-describedby={describedBy}
              maxLength={100}
              value={actor}
              onInput={(e) => setActor(e.currentTarget.value)}
            />
          )}
        </Field>
        <ProblemAlert problem={problem} />
        <Button kind="primary" type="submit" busy={busy}>
          Sign in as operator
        </Button>
      </form>
    </Section>
  );
}
