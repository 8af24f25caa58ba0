import type { ComponentChildren } from 'preact';
import { useSession } from '../../ui/session.js';

export function useSandbox(): boolean {
  return useSession().config.environment === 'sandbox';
}

/**
 * The MagicHint buttons next to a form (docs/sandbox.md "Magic values"): each fills a documented
 * value and says what the simulator will do with it. Nothing at all in production, where these
 * values are ordinary input.
 */
export function SandboxHints(props: { children: ComponentChildren }) {
  if (!useSandbox()) return null;
  return (
    <div class="money-magic" role="group" aria-label="Sandbox shortcuts">
      <p class="small">
        <strong>Sandbox shortcuts</strong> <span class="muted">(docs/sandbox.md)</span>
      </p>
      {props.children}
    </div>
  );
}
