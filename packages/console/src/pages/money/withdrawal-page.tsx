import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { money, formatTaxId } from '../../lib/format.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { AccountSelect, useAccountAsset } from './account-fields.js';
import { instructionLabel } from './beneficiary-labels.js';
import { amountHint, checkAmount, heldAmount, magicAmount } from './checks.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { SelectInput, TextInput } from './form-fields.js';
import { SandboxHints } from './sandbox-hints.js';
import { useSubmit } from './use-submit.js';

interface Errors {
  accountId?: string;
  beneficiary?: string;
  instruction?: string;
  amount?: string;
  metadata?: string;
}

/**
 * /console/operations/new/withdrawal: POST /v1/operations/withdrawal to an APPROVED payment
 * instruction of a beneficiary. The amount is held at once; the rail settles it later.
 */
export function WithdrawalPage(props: { query?: Record<string, string> }) {
  const api = useApi();
  const { route } = useLocation();
  const sel = useAccountAsset(props.query?.accountId);
  const beneficiaries = useAsync(
    () => must(api.GET('/v1/beneficiaries', { params: { query: { limit: 100 } } })),
    [api],
  );
  const [beneficiaryId, setBeneficiaryId] = useState(props.query?.beneficiaryId ?? '');
  const [instructionId, setInstructionId] = useState(props.query?.instructionId ?? '');
  const [amount, setAmount] = useState(props.query?.amount ?? '');
  const [quoteId, setQuoteId] = useState(props.query?.quoteId ?? '');
  const [extras, setExtras] = useExtras();
  const [errors, setErrors] = useState<Errors>({});
  const submitter = useSubmit();

  const beneficiary = beneficiaries.data?.data.find((b) => b.id === beneficiaryId);
  const instruction = beneficiary?.paymentInstructions.find((i) => i.id === instructionId);
  const asset = instruction?.asset;
  const balance = sel.account?.balances.find((b) => b.asset === asset);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, { description: true, externalReference: true });
    const next: Errors = {
      accountId: sel.accountId ? undefined : 'Choose the account to debit.',
      beneficiary: beneficiary ? undefined : 'Choose who receives it.',
      instruction: instruction ? undefined : 'Choose one of their approved instructions.',
      amount: checkAmount(amount, asset),
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setErrors(next);
    if (!beneficiary || !instruction || Object.values(next).some(Boolean)) return;
    const body = {
      accountId: sel.accountId,
      asset: instruction.asset,
      amount: amount.trim(),
      beneficiary: { id: beneficiary.id, paymentInstructionId: instruction.id },
      ...(quoteId.trim() ? { quoteId: quoteId.trim() } : {}),
      ...(extra.kind === 'ok' ? extra.body : {}),
    };
    const op = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/operations/withdrawal', {
          body: b,
          params: { header: { 'Idempotency-Key': key } },
        }),
      ),
    );
    if (op) route(`/console/operations/${op.id}`);
  };

  const f = submitter.fieldError;
  return (
    <div>
      <PageHeader
        title="Withdraw"
        subtitle="Pay out to a beneficiary's approved payment instruction."
      />
      <Section title="New withdrawal">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New withdrawal">
          <AccountSelect
            accounts={sel.accounts.data}
            value={sel.accountId}
            onChange={sel.setAccountId}
            error={errors.accountId ?? f('/accountId')}
            hint={balance ? `Available: ${money(balance.available, balance.asset)}` : undefined}
          />
          <SelectInput
            label="Beneficiary"
            value={beneficiaryId}
            empty={beneficiaries.data ? 'Choose a beneficiary' : 'Loading beneficiaries…'}
            options={(beneficiaries.data?.data ?? []).map((b) => ({
              value: b.id,
              label: `${b.holder.name} (${formatTaxId(b.holder.taxId)})`,
            }))}
            onChange={(id) => {
              setBeneficiaryId(id);
              setInstructionId('');
            }}
            error={errors.beneficiary ?? f('/beneficiary/id')}
            hint={
              beneficiaries.data?.data.length === 0 ? (
                <>
                  None yet: <a href="/console/beneficiaries/new">add a beneficiary</a>.
                </>
              ) : undefined
            }
          />
          <SelectInput
            label="Payment instruction"
            value={instructionId}
            empty={beneficiary ? 'Choose an instruction' : 'Choose a beneficiary first'}
            options={(beneficiary?.paymentInstructions ?? []).map((i) => ({
              value: i.id,
              label: `${instructionLabel(i)}${i.status === 'APPROVED' ? '' : ` — ${i.status}`}`,
              disabled: i.status !== 'APPROVED',
            }))}
            onChange={setInstructionId}
            error={errors.instruction ?? f('/beneficiary/paymentInstructionId')}
            hint="Only APPROVED instructions can receive money."
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            hint={asset ? amountHint(asset) : 'In the instruction’s asset.'}
            value={amount}
            onInput={setAmount}
            error={errors.amount ?? f('/amount') ?? f('/asset')}
          />
          <TextInput
            label="Quote"
            hint="Optional: a quote id to pay out from another asset (the amount is then the quote's target)."
            value={quoteId}
            onInput={setQuoteId}
            error={f('/quoteId')}
          />
          <ExtrasFields
            value={extras}
            onChange={setExtras}
            submitter={submitter}
            metadataError={errors.metadata}
            description
            externalReference
          />
          <SandboxHints>
            <MagicHint
              label="A withdrawal the rail rejects"
              outcome={`Amount ${magicAmount(asset)} (ends in 66): PROCESSING, then FAILED with RAIL_REJECTED; the hold is released.`}
              onApply={() => setAmount(magicAmount(asset))}
            />
            <MagicHint
              label="A withdrawal held for the back-office"
              outcome={`Amount ${heldAmount(asset)} (ends in 77): it stays REQUESTED, its hold kept, until an operator completes or fails it.`}
              onApply={() => setAmount(heldAmount(asset))}
            />
          </SandboxHints>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Withdraw
          </Button>
        </form>
      </Section>
    </div>
  );
}
