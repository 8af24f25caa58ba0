import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Button, ProblemAlert, Section, Time } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { SecretValue } from './secret-reveal.js';
import type { SubscriptionSecret } from './types.js';

/** Rotation windows offered: how long the replaced secret keeps signing (0 to 604,800 s). */
const WINDOWS = [
  { value: '', label: 'The server default (one day unless configured)' },
  { value: '0', label: 'Retire it at once' },
  { value: '300', label: '5 minutes' },
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '1 day' },
  { value: '604800', label: '7 days (the most)' },
];

interface Shown {
  current: SubscriptionSecret;
  /** The replaced secret, known only when this page read it just before rotating. */
  previous?: string;
}

/**
 * The signing secret, hidden until asked (GET …/secret, no-store), and its rotation (POST
 * …/secret/rotate): during the window both secrets sign, new first, and both are shown.
 */
export function SecretPanel(props: { subscriptionId: string }) {
  const api = useApi();
  const path = { params: { path: { subscriptionId: props.subscriptionId } } };
  const [shown, setShown] = useState<Shown>();
  const [busy, setBusy] = useState<'reveal' | 'rotate'>();
  const [problem, setProblem] = useState<ApiProblem>();
  const [confirming, setConfirming] = useState(false);
  const [windowSeconds, setWindowSeconds] = useState('');
  const [rotatedAt, setRotatedAt] = useState<string>();

  const reveal = async () => {
    setBusy('reveal');
    setProblem(undefined);
    try {
      setShown({ current: await must(api.GET('/v1/subscriptions/{subscriptionId}/secret', path)) });
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(undefined);
    }
  };

  const rotate = async (event: Event) => {
    event.preventDefault();
    setBusy('rotate');
    setProblem(undefined);
    try {
      // The API answers the new secret only; read the one it replaces first, so both can be
      // shown while both sign.
      const before = await must(api.GET('/v1/subscriptions/{subscriptionId}/secret', path));
      const rotated = await must(
        api.POST('/v1/subscriptions/{subscriptionId}/secret/rotate', {
          ...path,
          ...(windowSeconds === ''
            ? {}
            : { body: { expireCurrentInSeconds: Number(windowSeconds) } }),
        }),
      );
      // Always present here: only an Ed25519 subscription answers without one, and this panel
      // is not shown for those (subscription-page.tsx).
      const secret = rotated.secret ?? '';
      setShown({
        current: { secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt },
        previous: before.secret,
      });
      setRotatedAt(new Date().toISOString());
      setConfirming(false);
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(undefined);
    }
  };

  const expires = shown?.current.previousSecretExpiresAt;
  const previousSigns = expires !== undefined && Date.parse(expires) > Date.now();
  return (
    <Section title="Signing secret">
      <p class="muted small">
        Your receiver verifies each delivery with it (docs/webhooks.md "Verify the signature"). It
        is not your API client secret, and gives no access to the API.
      </p>
      {rotatedAt && (
        <p class="alert alert-ok" role="status">
          Rotated. Deploy the new secret to your receiver
          {previousSigns ? ' before the old one stops signing.' : '.'}
        </p>
      )}
      {shown ? (
        <div class="secret-list">
          <div>
            <div class="secret-label">
              {previousSigns ? 'Current secret (signs first)' : 'Current secret'}
            </div>
            <SecretValue secret={shown.current.secret} label="Current signing secret" />
          </div>
          {previousSigns && (
            <div>
              <div class="secret-label">
                Previous secret, also signing until <Time iso={expires} />
              </div>
              {shown.previous ? (
                <SecretValue secret={shown.previous} label="Previous signing secret" />
              ) : (
                <p class="muted small">
                  The one you held before the last rotation (the API does not show a replaced secret
                  again).
                </p>
              )}
            </div>
          )}
          <Button kind="link" onClick={() => setShown(undefined)}>
            Hide
          </Button>
        </div>
      ) : (
        <Button busy={busy === 'reveal'} onClick={() => void reveal()}>
          Reveal secret
        </Button>
      )}
      <div class="rotate">
        {!confirming ? (
          <Button onClick={() => setConfirming(true)}>Rotate secret…</Button>
        ) : (
          <form
            class="inline"
            onSubmit={(e) => void rotate(e)}
            aria-label="Rotate the signing secret"
          >
            <div class="field">
              <label for="rotation-window">The current secret keeps signing</label>
              <select
                id="rotation-window"
                value={windowSeconds}
                onChange={(e) => setWindowSeconds(e.currentTarget.value)}
              >
                {WINDOWS.map((w) => (
                  <option key={w.value} value={w.value}>
                    {w.label}
                  </option>
                ))}
              </select>
            </div>
            <Button kind="primary" type="submit" busy={busy === 'rotate'}>
              Rotate now
            </Button>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <p class="muted small full">
              A new secret signs from now on, beside the current one until the window ends.{' '}
              <code>cofre</code>-format messages created before the rotation stay signed with the
              old secret only, also when retried or resent. Not idempotent: each click rotates.
            </p>
          </form>
        )}
      </div>
      <ProblemAlert problem={problem} />
    </Section>
  );
}
