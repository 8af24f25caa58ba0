import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { money } from '../../lib/format.js';
import { Button, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { AccountSelect, AssetSelect, useAccountAsset } from './account-fields.js';
import { amountHint, checkAmount } from './checks.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { RadioGroup, TextInput } from './form-fields.js';
import type { AssetCode } from './types.js';
import { useSubmit } from './use-submit.js';

interface Errors {
  accountId?: string;
  destinationAccountId?: string;
  amount?: string;
  quoteId?: string;
  metadata?: string;
}

/**
 * /console/operations/new/transfer: POST /v1/operations/transfer between two accounts of the
 * customer, 1:1 in one asset or at a quote of the source account. COMPLETED in the request.
 */
export function TransferPage(props: { query?: Record<string, string> }) {
  const api = useApi();
  const { route } = useLocation();
  const sel = useAccountAsset(props.query?.accountId);
  const [destinationAccountId, setDestination] = useState('');
  const [mode, setMode] = useState<'same' | 'quote'>(props.query?.quoteId ? 'quote' : 'same');
  const [amount, setAmount] = useState('');
  const [quoteId, setQuoteId] = useState(props.query?.quoteId ?? '');
  const [extras, setExtras] = useExtras();
  const [errors, setErrors] = useState<Errors>({});
  const submitter = useSubmit();
  const balance = sel.account?.balances.find((b) => b.asset === sel.asset);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, { description: true, externalReference: true });
    const next: Errors = {
      accountId: sel.accountId ? undefined : 'Choose the account to debit.',
      destinationAccountId: destinationAccountId ? undefined : 'Choose the account to credit.',
      amount: mode === 'same' ? checkAmount(amount, sel.asset) : undefined,
      quoteId:
        mode === 'quote' && !quoteId.trim()
          ? 'Enter the id of a quote of the source account.'
          : undefined,
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || extra.kind === 'bad') return;
    const what =
      mode === 'same'
        ? { asset: sel.asset as AssetCode, amount: amount.trim() }
        : { quoteId: quoteId.trim() };
    const body = { accountId: sel.accountId, destinationAccountId, ...what, ...extra.body };
    const op = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/operations/transfer', {
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
        title="Transfer"
        subtitle="Move money between two of your accounts; it completes at once."
      />
      <Section title="New transfer">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New transfer">
          <AccountSelect
            label="From account"
            accounts={sel.accounts.data}
            value={sel.accountId}
            onChange={sel.setAccountId}
            error={errors.accountId ?? f('/accountId')}
          />
          <AccountSelect
            label="To account"
            accounts={sel.accounts.data}
            value={destinationAccountId}
            onChange={setDestination}
            exclude={sel.accountId}
            error={errors.destinationAccountId ?? f('/destinationAccountId')}
          />
          <RadioGroup
            legend="What moves"
            name="mode"
            value={mode}
            options={[
              { value: 'same', label: 'An amount of one asset, 1:1' },
              { value: 'quote', label: 'A conversion at a quote' },
            ]}
            onChange={(v) => setMode(v === 'quote' ? 'quote' : 'same')}
          />
          {mode === 'same' ? (
            <>
              <AssetSelect
                account={sel.account}
                value={sel.asset}
                onChange={sel.setAsset}
                error={f('/asset')}
                hint={balance ? `Available: ${money(balance.available, balance.asset)}` : undefined}
              />
              <TextInput
                label="Amount"
                inputMode="decimal"
                hint={amountHint(sel.asset)}
                value={amount}
                onInput={setAmount}
                error={errors.amount ?? f('/amount')}
              />
            </>
          ) : (
            <TextInput
              label="Quote"
              hint={
                <>
                  A quote of the source account (<a href="/console/quotes">get one</a>): its source
                  leaves this account, its target reaches the other.
                </>
              }
              value={quoteId}
              onInput={setQuoteId}
              error={errors.quoteId ?? f('/quoteId')}
            />
          )}
          <ExtrasFields
            value={extras}
            onChange={setExtras}
            submitter={submitter}
            metadataError={errors.metadata}
            description
            externalReference
          />
          <p class="small muted">
            Transfers have no sandbox magic value: they behave as in production.
          </p>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Transfer
          </Button>
        </form>
      </Section>
    </div>
  );
}
