import { must } from '../../api/http.js';
import {
  Button,
  CopyButton,
  Details,
  Empty,
  Loading,
  PageHeader,
  ProblemAlert,
  Section,
  Time,
} from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { InstructionFields, instructionBody, useInstructionDraft } from './instruction-fields.js';
import { InstructionRow } from './instruction-row.js';
import { LiveNote } from './live-note.js';
import { DataTable, MetadataTable } from './tables.js';
import type { Beneficiary } from './types.js';
import { useSubmit } from './use-submit.js';
import { useWatch } from './use-watch.js';
import { formatTaxId } from '../../lib/format.js';

const reviewed = (b: Beneficiary) =>
  b.paymentInstructions.every((i) => i.status !== 'PENDING_REVIEW');

/**
 * /console/beneficiaries/:beneficiaryId: the holder and each payment instruction's review
 * (PENDING_REVIEW → APPROVED | REJECTED, watched until decided), with adding and removing.
 */
export function BeneficiaryPage(props: { beneficiaryId: string }) {
  const ben = useWatch<Beneficiary>(
    `/v1/beneficiaries/${encodeURIComponent(props.beneficiaryId)}`,
    reviewed,
  );
  const b = ben.data;
  if (!b) {
    return (
      <div>
        <PageHeader title="Beneficiary" subtitle={<code>{props.beneficiaryId}</code>} />
        {ben.error ? <ProblemAlert problem={ben.error} /> : <Loading what="the beneficiary" />}
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title={b.holder.name}
        subtitle={
          <>
            Beneficiary <code>{b.id}</code>{' '}
            <CopyButton value={b.id} label="Copy the beneficiary id" />
          </>
        }
      />
      <ProblemAlert problem={ben.error} />
      <Section title="Holder">
        <Details
          items={[
            ['Type', b.holder.type],
            [
              b.holder.type === 'INDIVIDUAL' ? 'CPF' : 'CNPJ',
              <code>{formatTaxId(b.holder.taxId)}</code>,
            ],
            ['Relationship', b.relationshipType],
            ['Added', <Time iso={b.createdAt} />],
          ]}
        />
      </Section>
      <Section title="Payment instructions">
        {b.paymentInstructions.length === 0 ? (
          <Empty>No instruction: add one below.</Empty>
        ) : (
          <DataTable
            caption="Payment instructions and their review"
            hideCaption
            columns={['Instruction', 'Review', 'Updated', 'Actions']}
          >
            {b.paymentInstructions.map((i) => (
              <InstructionRow
                key={i.id}
                beneficiaryId={b.id}
                instruction={i}
                onChanged={ben.reload}
              />
            ))}
          </DataTable>
        )}
        <LiveNote
          watching={ben.watching}
          settledText="Every instruction is reviewed."
          watchingText="Live: waiting for compliance to review."
        />
      </Section>
      <AddInstruction beneficiaryId={b.id} onAdded={ben.reload} />
      <Section title="Metadata">
        <MetadataTable metadata={b.metadata} />
      </Section>
    </div>
  );
}

function AddInstruction(props: { beneficiaryId: string; onAdded: () => void }) {
  const api = useApi();
  const [draft, setDraft] = useInstructionDraft();
  const submitter = useSubmit();
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const added = await submitter.submit(instructionBody(draft), (b, key) =>
      must(
        api.POST('/v1/beneficiaries/{beneficiaryId}/paymentInstructions', {
          params: {
            path: { beneficiaryId: props.beneficiaryId },
            header: { 'Idempotency-Key': key },
          },
          body: b,
        }),
      ),
    );
    if (added) {
      setDraft({ ...draft, key: '', address: '', accountNumber: '' });
      props.onAdded();
    }
  };
  return (
    <Section title="Add a payment instruction">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add a payment instruction">
        <InstructionFields value={draft} onChange={setDraft} submitter={submitter} pointer="" />
        <ProblemAlert problem={submitter.problem} />
        <Button kind="primary" type="submit" busy={submitter.busy}>
          Add instruction
        </Button>
      </form>
    </Section>
  );
}
