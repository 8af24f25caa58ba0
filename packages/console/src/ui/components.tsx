import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { ApiProblem } from '../api/problem.js';
import { formatTime, money } from '../lib/format.js';

/** The page's one h1, with an optional line under it and actions on the right. */
export function PageHeader(props: {
  title: string;
  subtitle?: ComponentChildren;
  actions?: ComponentChildren;
}) {
  return (
    <header class="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.subtitle && <p class="muted">{props.subtitle}</p>}
      </div>
      {props.actions && <div class="actions">{props.actions}</div>}
    </header>
  );
}

export function Section(props: { title: string; children: ComponentChildren; id?: string }) {
  const headingId = useId();
  return (
    <section class="card" aria-labelledby={headingId} id={props.id}>
      <h2 id={headingId}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A refusal from the API, announced to screen readers, with its code and request id. */
export function ProblemAlert(props: { problem: ApiProblem | undefined }) {
  const p = props.problem;
  if (!p) return null;
  return (
    <div class="alert alert-error" role="alert">
      <strong>{p.title}</strong>
      {p.detail && p.detail !== p.title && <span> {p.detail}</span>}
      <div class="muted small">
        <code>{p.code}</code>
        {p.status ? ` · HTTP ${p.status}` : ''}
        {p.requestId ? ` · request ${p.requestId}` : ''}
      </div>
      {p.errors.length > 0 && (
        <ul>
          {p.errors.map((e) => (
            <li key={e.pointer}>
              <code>{e.pointer || '/'}</code> {e.detail}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Loading(props: { what?: string }) {
  return (
    <p class="muted" role="status">
      Loading{props.what ? ` ${props.what}` : ''}…
    </p>
  );
}

export function Empty(props: { children: ComponentChildren }) {
  return <p class="empty muted">{props.children}</p>;
}

const TONES: Record<string, string> = {
  ACTIVE: 'ok',
  APPROVED: 'ok',
  COMPLETED: 'ok',
  SUCCESS: 'ok',
  SUCCEEDED: 'ok',
  PENDING: 'wait',
  PENDING_REVIEW: 'wait',
  REQUESTED: 'wait',
  PROCESSING: 'wait',
  ONBOARDING: 'wait',
  OPENING: 'wait',
  HELD: 'wait',
  PAUSED: 'wait',
  FAILED: 'bad',
  REJECTED: 'bad',
  FROZEN: 'bad',
  DISABLED: 'bad',
  CANCELLED: 'muted',
  CLOSED: 'muted',
};

/** A state as a coloured pill; the word itself carries the meaning, colour only helps. */
export function StatusBadge(props: { status: string | undefined | null }) {
  const status = props.status ?? '—';
  return <span class={`badge badge-${TONES[status] ?? 'muted'}`}>{status}</span>;
}

export function Money(props: { amount: string | undefined | null; asset: string | undefined }) {
  return <span class="num">{money(props.amount, props.asset)}</span>;
}

/** An instant in the reader's zone, with the exact UTC value on hover and for machines. */
export function Time(props: { iso: string | undefined | null }) {
  if (!props.iso) return <span>—</span>;
  return (
    <time dateTime={props.iso} title={props.iso}>
      {formatTime(props.iso)}
    </time>
  );
}

export function Field(props: {
  label: string;
  hint?: ComponentChildren;
  error?: string | undefined;
  children: (id: string, describedBy: string | undefined) => ComponentChildren;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={id}>{props.label}</label>
      {props.children(id, describedBy)}
      {props.hint && (
        <div class="hint muted small" id={hintId}>
          {props.hint}
        </div>
      )}
      {props.error && (
        <div class="field-error small" id={errorId}>
          {props.error}
        </div>
      )}
    </div>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  kind?: 'primary' | 'secondary' | 'danger' | 'link';
  busy?: boolean;
  type?: 'button' | 'submit';
  disabled?: boolean;
};

export function Button({
  kind = 'secondary',
  busy,
  children,
  type,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      class={`btn btn-${kind}`}
      disabled={disabled || busy}
      aria-busy={busy ? 'true' : undefined}
    >
      {children}
    </button>
  );
}

/** Copies `value` to the clipboard; says so for screen readers. */
export function CopyButton(props: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      kind="link"
      onClick={() =>
        void navigator.clipboard?.writeText(props.value).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          },
          // Clipboard access refused (permissions, an insecure origin): the value stays on screen
          // to be selected by hand.
          () => setCopied(false),
        )
      }
      aria-label={props.label ?? 'Copy to clipboard'}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** JSON or text as sent, in a scrollable, focusable block. */
export function CodeBlock(props: { value: unknown; label: string }) {
  const text = typeof props.value === 'string' ? props.value : JSON.stringify(props.value, null, 2);
  return (
    <pre class="code" tabIndex={0} aria-label={props.label}>
      <code>{text}</code>
    </pre>
  );
}

/** A definition list of label → value pairs (a resource's details). */
export function Details(props: { items: [string, ComponentChildren][] }) {
  return (
    <dl class="details">
      {props.items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The API's cursor pagination (spec section 4): previous/next with the page's cursors. The page
 * keeps the cursor and direction in its own state and hands them back here.
 */
export function Pager(props: {
  meta: { previousCursor: string | null; nextCursor: string | null } | undefined;
  onPage: (cursor: string, direction: 'NEXT' | 'PREVIOUS') => void;
}) {
  const meta = props.meta;
  if (!meta || (!meta.previousCursor && !meta.nextCursor)) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <Button
        disabled={!meta.previousCursor}
        onClick={() => meta.previousCursor && props.onPage(meta.previousCursor, 'PREVIOUS')}
      >
        ← Previous
      </Button>
      <Button
        disabled={!meta.nextCursor}
        onClick={() => meta.nextCursor && props.onPage(meta.nextCursor, 'NEXT')}
      >
        Next →
      </Button>
    </nav>
  );
}

/**
 * A sandbox shortcut next to the form it fills: a button that applies a documented magic value
 * (docs/sandbox.md) and says what will happen. Shown only in the sandbox.
 */
export function MagicHint(props: { label: string; outcome: string; onApply: () => void }) {
  return (
    <div class="magic">
      <Button kind="link" onClick={props.onApply}>
        {props.label}
      </Button>
      <span class="muted small"> {props.outcome}</span>
    </div>
  );
}
