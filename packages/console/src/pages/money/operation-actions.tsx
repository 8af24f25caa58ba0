import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { Button, MagicHint, Money, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { amountHint, checkAmount } from './checks.js';
import { TextInput } from './form-fields.js';
import { SandboxHints } from './sandbox-hints.js';
import type { Operation, OperationOf } from './types.js';
import { useSubmit } from './use-submit.js';

/** `a − b` for two decimal strings with the same number of decimals (minor units, BigInt). */
function minus(a: string, b: string): string {
  const decimals = a.split('.')[1]?.length ?? 0;
  const units = BigInt(a.replace('.', '')) - BigInt(b.replace('.', ''));
  const s = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  const sign = units < 0n ? '-' : '';
  return decimals ? `${sign}${s.slice(0, -decimals)}.${s.slice(-decimals)}` : `${sign}${s}`;
}

/** What remains refundable of a PIX deposit, or undefined when it cannot be refunded. */
function refundable(o: OperationOf<'DEPOSIT'>): string | undefined {
  if (o.status !== 'COMPLETED' || o.fundingInstruction.rail !== 'PIX') return undefined;
  if (o.quoteId || o.reversedBy || !o.receivedAmount) return undefined;
  const left = minus(o.receivedAmount, o.refundedAmount);
  return /^[0.]+$/.test(left) || left.startsWith('-') ? undefined : left;
}

/** The actions the API offers on this operation, if any. */
export function OperationActions(props: { operation: Operation; onChanged: () => void }) {
  const o = props.operation;
  if (o.type === 'ORDER' && o.orderType === 'LIMIT' && o.status === 'PROCESSING') {
    return <CancelOrder operationId={o.id} onChanged={props.onChanged} />;
  }
  if (o.type === 'DEPOSIT') {
    const left = refundable(o);
    if (left) return <RefundForm deposit={o} remaining={left} />;
  }
  return null;
}

/** POST /v1/operations/{id}/cancel on an open LIMIT order: FAILED, CANCELLED_BY_CUSTOMER. */
function CancelOrder(props: { operationId: string; onChanged: () => void }) {
  const api = useApi();
  const submitter = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const cancel = async () => {
    const done = await submitter.submit({}, () =>
      must(
        api.POST('/v1/operations/{operationId}/cancel', {
          params: { path: { operationId: props.operationId } },
        }),
      ),
    );
    setConfirming(false);
    if (done) props.onChanged();
  };
  return (
    <Section title="Cancel the order">
      <p>The order is open: its hold is kept until it fills, expires or is cancelled.</p>
      {confirming ? (
        <div class="actions">
          <Button kind="danger" busy={submitter.busy} onClick={() => void cancel()}>
            Yes, cancel the order
          </Button>
          <Button onClick={() => setConfirming(false)}>Keep it</Button>
        </div>
      ) : (
        <Button kind="danger" onClick={() => setConfirming(true)}>
          Cancel order…
        </Button>
      )}
      <ProblemAlert problem={submitter.problem} />
    </Section>
  );
}

/** POST /v1/operations/{id}/refunds: return a PIX deposit to its payer, in full or in part. */
function RefundForm(props: { deposit: OperationOf<'DEPOSIT'>; remaining: string }) {
  const api = useApi();
  const { route } = useLocation();
  const submitter = useSubmit();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const next = {
      amount: checkAmount(amount, 'BRL', false),
      reason: reason.trim() ? undefined : 'Say why the money is returned (1–140 characters).',
    };
    setErrors(next);
    if (next.amount || next.reason) return;
    const body = { reason: reason.trim(), ...(amount.trim() ? { amount: amount.trim() } : {}) };
    const refund = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/operations/{operationId}/refunds', {
          params: { path: { operationId: props.deposit.id }, header: { 'Idempotency-Key': key } },
          body: b,
        }),
      ),
    );
    if (refund) route(`/console/operations/${refund.id}`);
  };
  return (
    <Section title="Refund to the payer">
      <p>
        Refundable: <Money amount={props.remaining} asset="BRL" /> (a PIX devolução, up to 90 days
        after the deposit completed).
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Refund the deposit">
        <TextInput
          label="Amount"
          inputMode="decimal"
          hint={`Optional: empty refunds everything that remains. ${amountHint('BRL')}`}
          value={amount}
          onInput={setAmount}
          error={errors.amount ?? submitter.fieldError('/amount')}
        />
        <TextInput
          label="Reason"
          maxLength={140}
          value={reason}
          onInput={setReason}
          error={errors.reason ?? submitter.fieldError('/reason')}
        />
        <SandboxHints>
          <MagicHint
            label="A refund the rail rejects"
            outcome="Amount 10.66: PROCESSING, then FAILED (RAIL_REJECTED); the amount is refundable again."
            onApply={() => setAmount('10.66')}
          />
          <MagicHint
            label="A refund held for the back-office"
            outcome="Amount 10.77 (ends in 77): the refund stays REQUESTED until an operator completes or fails it."
            onApply={() => setAmount('10.77')}
          />
        </SandboxHints>
        <ProblemAlert problem={submitter.problem} />
        <Button kind="primary" type="submit" busy={submitter.busy}>
          Refund
        </Button>
      </form>
    </Section>
  );
}
