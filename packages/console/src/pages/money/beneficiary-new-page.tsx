import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { RadioGroup, SelectInput, TextInput } from './form-fields.js';
import { InstructionFields, instructionBody, useInstructionDraft } from './instruction-fields.js';
import { SandboxHints } from './sandbox-hints.js';
import { useSubmit } from './use-submit.js';

type HolderType = 'INDIVIDUAL' | 'COMPANY';
type Relationship = 'SELF_OWNED' | 'THIRD_PARTY';

/**
 * /console/beneficiaries/new: POST /v1/beneficiaries with its holder and a first payment
 * instruction, which starts PENDING_REVIEW; then the beneficiary's page, where the review shows.
 */
export function BeneficiaryNewPage() {
  const api = useApi();
  const { route } = useLocation();
  const [holderType, setHolderType] = useState<HolderType>('INDIVIDUAL');
  const [name, setName] = useState('');
  const [taxId, setTaxId] = useState('');
  const [relationship, setRelationship] = useState<Relationship>('THIRD_PARTY');
  const [instruction, setInstruction] = useInstructionDraft();
  const [extras, setExtras] = useExtras();
  const [errors, setErrors] = useState<{ name?: string; taxId?: string; metadata?: string }>({});
  const submitter = useSubmit();

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, {});
    const next = {
      name: name.trim() ? undefined : 'Enter the holder’s name.',
      taxId: taxId.trim()
        ? undefined
        : `Enter the ${holderType === 'INDIVIDUAL' ? 'CPF' : 'CNPJ'}.`,
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setErrors(next);
    if (next.name || next.taxId || extra.kind === 'bad') return;
    const body = {
      holder: { type: holderType, name: name.trim(), taxId: taxId.trim() },
      relationshipType: relationship,
      paymentInstruction: instructionBody(instruction),
      ...extra.body,
    };
    const created = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/beneficiaries', { body: b, params: { header: { 'Idempotency-Key': key } } }),
      ),
    );
    if (created) route(`/console/beneficiaries/${created.id}`);
  };

  const f = submitter.fieldError;
  const cpf = holderType === 'INDIVIDUAL';
  return (
    <div>
      <PageHeader
        title="Add a beneficiary"
        subtitle="Someone you pay out to, and a first way to pay them; compliance reviews it."
      />
      <Section title="New beneficiary">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New beneficiary">
          <RadioGroup
            legend="Holder"
            name="holder-type"
            value={holderType}
            options={[
              { value: 'INDIVIDUAL', label: 'A person (CPF)' },
              { value: 'COMPANY', label: 'A company (CNPJ)' },
            ]}
            onChange={(v) => setHolderType(v === 'COMPANY' ? 'COMPANY' : 'INDIVIDUAL')}
          />
          <TextInput
            label="Holder name"
            maxLength={140}
            value={name}
            onInput={setName}
            error={errors.name ?? f('/holder/name')}
          />
          <TextInput
            label={cpf ? 'CPF' : 'CNPJ'}
            hint={
              cpf
                ? 'Digits or 529.982.247-25; check digits are verified.'
                : 'Digits or 11.222.333/0001-81; check digits are verified.'
            }
            value={taxId}
            onInput={setTaxId}
            error={errors.taxId ?? f('/holder/taxId')}
          />
          <SelectInput
            label="Relationship"
            value={relationship}
            options={[
              { value: 'THIRD_PARTY', label: 'Third party' },
              { value: 'SELF_OWNED', label: 'Self-owned (the customer’s own)' },
            ]}
            onChange={(v) => setRelationship(v === 'SELF_OWNED' ? 'SELF_OWNED' : 'THIRD_PARTY')}
            error={f('/relationshipType')}
          />
          <InstructionFields
            value={instruction}
            onChange={setInstruction}
            submitter={submitter}
            pointer="/paymentInstruction"
          />
          <ExtrasFields
            value={extras}
            onChange={setExtras}
            submitter={submitter}
            metadataError={errors.metadata}
          />
          <SandboxHints>
            <MagicHint
              label="A valid example"
              outcome="Maria Silva, CPF 529.982.247-25, PIX e-mail maria@example.com: APPROVED about a step later."
              onApply={() => {
                setHolderType('INDIVIDUAL');
                setName('Maria Silva');
                setTaxId('529.982.247-25');
                setInstruction({
                  ...instruction,
                  rail: 'PIX',
                  keyType: 'EMAIL',
                  key: 'maria@example.com',
                });
              }}
            />
            <MagicHint
              label="A review that rejects"
              outcome="Holder name Reject Ltda (contains REJECT): every instruction of it ends REJECTED with COMPLIANCE_REJECTED."
              onApply={() => {
                setHolderType('COMPANY');
                setName('Reject Ltda');
                setTaxId('11.222.333/0001-81');
              }}
            />
            <MagicHint
              label="A review held for the back-office"
              outcome="Holder name Ana MANUAL_REVIEW: every instruction of it stays PENDING_REVIEW until an operator approves or rejects it."
              onApply={() => {
                setHolderType('INDIVIDUAL');
                setName('Ana MANUAL_REVIEW');
                setTaxId('529.982.247-25');
              }}
            />
          </SandboxHints>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Add beneficiary
          </Button>
        </form>
      </Section>
    </div>
  );
}
