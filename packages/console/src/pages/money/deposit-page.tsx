import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { ASSETS } from '../../lib/format.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { AccountSelect, AssetSelect, useAccountAsset } from './account-fields.js';
import { amountHint, checkAmount, heldAmount, magicAmount } from './checks.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { SelectInput, TextInput } from './form-fields.js';
import { SandboxHints } from './sandbox-hints.js';
import type { AssetCode } from './types.js';
import { useSubmit } from './use-submit.js';

interface Errors {
  accountId?: string;
  amount?: string;
  metadata?: string;
}

/**
 * /console/operations/new/deposit: POST /v1/operations/deposit. The operation that comes back
 * says where to pay (a PIX code for exactly this amount, or an address) until it expires.
 */
export function DepositPage(props: { query?: Record<string, string> }) {
  const api = useApi();
  const { route } = useLocation();
  const sel = useAccountAsset(props.query?.accountId, props.query?.asset);
  const [amount, setAmount] = useState(props.query?.amount ?? '');
  const [quoteId, setQuoteId] = useState(props.query?.quoteId ?? '');
  // With a quote the asset paid in is the quote's source, which the account need not hold.
  const [quotedAsset, setQuotedAsset] = useState(props.query?.asset ?? 'BRL');
  const quoted = quoteId.trim() !== '';
  const asset = quoted ? quotedAsset : sel.asset;
  const [extras, setExtras] = useExtras();
  const [errors, setErrors] = useState<Errors>({});
  const submitter = useSubmit();

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, { externalReference: true });
    const next: Errors = {
      accountId: sel.accountId ? undefined : 'Choose the account to credit.',
      amount: checkAmount(amount, asset),
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setErrors(next);
    if (next.accountId || next.amount || extra.kind === 'bad') return;
    const body = {
      accountId: sel.accountId,
      asset: asset as AssetCode,
      amount: amount.trim(),
      ...(quoteId.trim() ? { quoteId: quoteId.trim() } : {}),
      ...extra.body,
    };
    const op = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/operations/deposit', {
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
        title="Deposit"
        subtitle="Ask for a payment into an account: you get a PIX code or an address to pay."
      />
      <Section title="New deposit">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New deposit">
          <AccountSelect
            accounts={sel.accounts.data}
            value={sel.accountId}
            onChange={sel.setAccountId}
            error={errors.accountId ?? f('/accountId')}
          />
          {quoted ? (
            <SelectInput
              label="Asset paid in"
              value={quotedAsset}
              options={ASSETS}
              onChange={setQuotedAsset}
              error={f('/asset')}
              hint="The quote's source asset."
            />
          ) : (
            <AssetSelect
              label="Asset paid in"
              account={sel.account}
              value={sel.asset}
              onChange={sel.setAsset}
              error={f('/asset')}
            />
          )}
          <TextInput
            label="Amount"
            inputMode="decimal"
            hint={amountHint(asset)}
            value={amount}
            onInput={setAmount}
            error={errors.amount ?? f('/amount')}
          />
          <TextInput
            label="Quote"
            hint="Optional: a quote id to credit another asset (asset and amount are then the quote's source)."
            value={quoteId}
            onInput={setQuoteId}
            error={f('/quoteId')}
          />
          <ExtrasFields
            value={extras}
            onChange={setExtras}
            submitter={submitter}
            metadataError={errors.metadata}
            externalReference
          />
          <SandboxHints>
            <MagicHint
              label="A deposit that never arrives"
              outcome={`Amount ${magicAmount(asset)} (ends in 66): it stays REQUESTED, then FAILED with DEPOSIT_EXPIRED; nothing is credited.`}
              onApply={() => setAmount(magicAmount(asset))}
            />
            <MagicHint
              label="A deposit held for the back-office"
              outcome={`Amount ${heldAmount(asset)} (ends in 77): it stays REQUESTED, payable for 30 minutes, until an operator receives or fails it.`}
              onApply={() => setAmount(heldAmount(asset))}
            />
            <p class="small muted">
              Any other amount is paid about one sandbox step later: COMPLETED and credited.
            </p>
          </SandboxHints>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Request deposit
          </Button>
        </form>
      </Section>
    </div>
  );
}
