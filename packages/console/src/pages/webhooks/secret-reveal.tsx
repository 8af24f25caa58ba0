import { CopyButton } from '../../ui/components.js';

/** A `whsec_…` signing secret in full, with a copy button labelled for what it copies. */
export function SecretValue(props: { secret: string; label: string }) {
  return (
    <span class="secret">
      <code class="secret-value" aria-label={props.label}>
        {props.secret}
      </code>
      <CopyButton value={props.secret} label={`Copy the ${props.label.toLowerCase()}`} />
    </span>
  );
}
