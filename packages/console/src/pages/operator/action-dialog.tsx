import { createContext, type ComponentChildren, type ComponentType } from 'preact';
import { useCallback, useContext, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiProblem, problemOf } from '../../api/problem.js';
import { Button, Field, ProblemAlert } from '../../ui/components.js';

/** What an action's dialog collected: a decision's reason, a received amount. */
export interface ActionInput {
  reason: { code: string; message: string } | undefined;
  amount: string | undefined;
}

/** One back-office action, as its button describes it. */
export interface ActionSpec {
  /** The button's text. */
  label: string;
  /**
   * What the action applies to, when the label alone is ambiguous (one button per row): the
   * button's accessible name is then "label subject" (it starts with its visible text).
   */
  subject?: string;
  title: string;
  /** What will happen, shown in the dialog. */
  children?: ComponentChildren;
  confirmLabel: string;
  kind?: 'primary' | 'danger' | 'secondary';
  /** Ask for a reason `{code, message}`; `code` is the suggested code. */
  reason?: { code: string; hint?: string };
  /** Ask for an optional amount. */
  amount?: { label: string; hint: string };
  /** Sends the action; throws the API's refusal (an ApiProblem). */
  run: (input: ActionInput) => Promise<unknown>;
  /** Refreshes what the action changed: with its answer, or undefined after a refusal. */
  onDone: (result: unknown) => void;
}

const ActionContext = createContext<((spec: ActionSpec) => void) | undefined>(undefined);

/**
 * A back-office action behind a confirmation. The button opens the page's one modal dialog
 * (the browser's own `<dialog>`: focus moves into it, Escape cancels, the page behind is inert)
 * that says what will happen, collects a reason or an amount when the API takes one, and sends
 * the action on "confirm". The dialog belongs to the page, not to the row that opened it, and
 * keeps what it was opened with: a live list may drop or change that row meanwhile (someone
 * acted first) without closing the dialog or changing what it says. A refusal (409
 * INVALID_STATE…) is shown in the dialog as the API worded it; success or refusal, `onDone`
 * refreshes what the action may have changed.
 */
export function ActionButton(props: ActionSpec) {
  const open = useContext(ActionContext);
  if (!open) throw new Error('ActionButton outside an operator page (withActions)');
  return (
    <Button
      kind={props.kind === 'danger' ? 'danger' : 'secondary'}
      aria-label={props.subject ? `${props.label} ${props.subject}` : undefined}
      onClick={() => open(props)}
    >
      {props.label}
    </Button>
  );
}

/** A page whose ActionButtons share one dialog (routes.tsx wraps every operator page). */
export function withActions<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithActions(props: P) {
    const [spec, setSpec] = useState<ActionSpec>();
    // A new key per opening: the dialog's fields start empty every time.
    const [opening, setOpening] = useState(0);
    const open = useCallback((next: ActionSpec) => {
      setSpec(next);
      setOpening((n) => n + 1);
    }, []);
    return (
      <ActionContext.Provider value={open}>
        <Page {...props} />
        {spec && <ActionDialog key={opening} spec={spec} onClose={() => setSpec(undefined)} />}
      </ActionContext.Provider>
    );
  };
}

function ActionDialog({ spec, onClose }: { spec: ActionSpec; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [code, setCode] = useState(spec.reason?.code ?? '');
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const result = await spec.run({
        reason: spec.reason ? { code: code.trim(), message } : undefined,
        amount: spec.amount && amount.trim() ? amount.trim() : undefined,
      });
      dialog.current?.close();
      spec.onDone(result);
    } catch (error) {
      setProblem(
        error instanceof ApiProblem
          ? error
          : problemOf(0, { detail: error instanceof Error ? error.message : String(error) }),
      );
      spec.onDone(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} class="op-dialog" aria-labelledby={headingId} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={headingId}>{spec.title}</h2>
        {spec.children}
        {spec.reason && (
          <>
            <Field
              label="Reason code"
              hint={spec.reason.hint ?? 'Upper case, digits and _ (e.g. COMPLIANCE_REJECTED).'}
              error={problem?.fieldError('/reason/code')}
            >
              {(id, describedBy) => (
                <input
                  id={id}
                  aria-describedby={describedBy}
                  required
                  maxLength={64}
                  pattern="[A-Z][A-Z0-9_]{0,63}"
                  spellcheck={false}
                  value={code}
                  onInput={(e) => setCode(e.currentTarget.value.toUpperCase())}
                />
              )}
            </Field>
            <Field
              label="Message"
              hint="What the customer reads (1–500 characters)."
              error={problem?.fieldError('/reason/message')}
            >
              {(id, describedBy) => (
                <textarea
                  id={id}
                  aria-describedby={describedBy}
                  required
                  maxLength={500}
                  rows={3}
                  value={message}
                  onInput={(e) => setMessage(e.currentTarget.value)}
                />
              )}
            </Field>
          </>
        )}
        {spec.amount && (
          <Field
            label={spec.amount.label}
            hint={spec.amount.hint}
            error={problem?.fieldError('/amount')}
          >
            {(id, describedBy) => (
              <input
                id={id}
                aria-describedby={describedBy}
                inputMode="decimal"
                spellcheck={false}
                value={amount}
                onInput={(e) => setAmount(e.currentTarget.value)}
              />
            )}
          </Field>
        )}
        <ProblemAlert problem={problem} />
        <div class="actions">
          <Button kind={spec.kind ?? 'primary'} type="submit" busy={busy}>
            {spec.confirmLabel}
          </Button>
          <Button onClick={() => dialog.current?.close()}>{problem ? 'Close' : 'Cancel'}</Button>
        </div>
      </form>
    </dialog>
  );
}
