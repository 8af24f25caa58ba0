import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { Button, ProblemAlert, StatusBadge, Time } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { instructionLabel } from './beneficiary-labels.js';
import type { PaymentInstruction } from './types.js';
import { useSubmit } from './use-submit.js';

/**
 * One payment instruction of a beneficiary: its review (with the reason of a rejection), a link
 * to withdraw to it once APPROVED, and its removal (DELETE …/paymentInstructions/{id}), asked
 * twice.
 */
export function InstructionRow(props: {
  beneficiaryId: string;
  instruction: PaymentInstruction;
  onChanged: () => void;
}) {
  const api = useApi();
  const i = props.instruction;
  const submitter = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    const done = await submitter.submit({}, () =>
      must(
        api.DELETE('/v1/beneficiaries/{beneficiaryId}/paymentInstructions/{instructionId}', {
          params: { path: { beneficiaryId: props.beneficiaryId, instructionId: i.id } },
        }),
      ).then(() => true),
    );
    setConfirming(false);
    if (done) props.onChanged();
  };
  return (
    <tr>
      <td>
        <span class="money-wrap">{instructionLabel(i)}</span>
        <div class="muted small">
          <code>{i.id}</code>
        </div>
      </td>
      <td>
        <StatusBadge status={i.status} />
        {i.reason && (
          <div class="small">
            {i.reason.code}: {i.reason.message}
          </div>
        )}
      </td>
      <td>
        <Time iso={i.updatedAt} />
      </td>
      <td>
        <div class="actions">
          {i.status === 'APPROVED' && (
            <a
              class="money-a btn btn-secondary"
              href={`/console/operations/new/withdrawal?beneficiaryId=${props.beneficiaryId}&instructionId=${i.id}`}
            >
              Withdraw to it
            </a>
          )}
          {confirming ? (
            <>
              <Button kind="danger" busy={submitter.busy} onClick={() => void remove()}>
                Confirm removal
              </Button>
              <Button onClick={() => setConfirming(false)}>Keep</Button>
            </>
          ) : (
            <Button
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${instructionLabel(i)}`}
            >
              Remove…
            </Button>
          )}
        </div>
        <ProblemAlert problem={submitter.problem} />
      </td>
    </tr>
  );
}
