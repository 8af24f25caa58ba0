import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { money } from '../../lib/format.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { AccountSelect, useAccountAsset } from './account-fields.js';
import { amountHint, checkAmount } from './checks.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { RadioGroup, TextArea, TextInput } from './form-fields.js';
import { PixKeyLookup, type Lookup } from './pix-key-lookup.js';
import { SandboxHints } from './sandbox-hints.js';
import { useSubmit } from './use-submit.js';

interface Errors {
  accountId?: string;
  key?: string;
  brCode?: string;
  amount?: string;
  metadata?: string;
}

/**
 * /console/operations/new/pix-payment: look the key up (GET /v1/pix/keys/{key}) and show whom it
 * pays, then POST /v1/operations/pixPayment from the account's BRL; or pay a copy-and-paste code.
 */
export function PixPaymentPage(props: { query?: Record<string, string> }) {
  const api = useApi();
  const { route } = useLocation();
  const sel = useAccountAsset(props.query?.accountId, 'BRL');
  const [mode, setMode] = useState<'key' | 'code'>('key');
  const [key, setKey] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'none' });
  const [brCode, setBrCode] = useState('');
  const [amount, setAmount] = useState('');
  const [extras, setExtras] = useExtras();
  const [errors, setErrors] = useState<Errors>({});
  const submitter = useSubmit();
  const balance = sel.account?.balances.find((b) => b.asset === 'BRL');
  const found = lookup.kind === 'found' && lookup.key === key.trim() ? lookup.answer : undefined;

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, { description: true, externalReference: true });
    const next: Errors = {
      accountId: sel.accountId ? undefined : 'Choose the account to pay from (it needs BRL).',
      key: mode === 'key' && !found ? 'Look the key up first, to see whom it pays.' : undefined,
      brCode: mode === 'code' && !brCode.trim() ? 'Paste the PIX copy-and-paste code.' : undefined,
      amount: checkAmount(amount, 'BRL', mode === 'key'),
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || extra.kind === 'bad') return;
    const to =
      mode === 'key' && found
        ? { pixKey: { keyType: found.keyType, key: found.key } }
        : { brCode: brCode.trim() };
    const body = {
      accountId: sel.accountId,
      ...to,
      ...(amount.trim() ? { amount: amount.trim() } : {}),
      ...extra.body,
    };
    const op = await submitter.submit(body, (b, idempotencyKey) =>
      must(
        api.POST('/v1/operations/pixPayment', {
          body: b,
          params: { header: { 'Idempotency-Key': idempotencyKey } },
        }),
      ),
    );
    if (op) route(`/console/operations/${op.id}`);
  };

  const f = submitter.fieldError;
  return (
    <div>
      <PageHeader title="PIX payment" subtitle="Pay a PIX key or a copy-and-paste code from BRL." />
      <Section title="New PIX payment">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New PIX payment">
          <AccountSelect
            accounts={sel.accounts.data}
            value={sel.accountId}
            onChange={sel.setAccountId}
            error={errors.accountId ?? f('/accountId')}
            hint={balance ? `Available: ${money(balance.available, 'BRL')}` : undefined}
          />
          <RadioGroup
            legend="Pay to"
            name="pay-to"
            value={mode}
            options={[
              { value: 'key', label: 'A PIX key' },
              { value: 'code', label: 'A copy-and-paste code (BR Code)' },
            ]}
            onChange={(v) => setMode(v === 'code' ? 'code' : 'key')}
          />
          {mode === 'key' ? (
            <PixKeyLookup
              value={key}
              onInput={setKey}
              lookup={lookup}
              onLookup={setLookup}
              error={errors.key ?? f('/pixKey/key') ?? f('/pixKey/keyType')}
            />
          ) : (
            <TextArea
              label="Copy-and-paste code"
              hint="A static PIX code; its amount, when it has one, is what is paid."
              value={brCode}
              onInput={setBrCode}
              error={errors.brCode ?? f('/brCode')}
            />
          )}
          <TextInput
            label="Amount"
            inputMode="decimal"
            hint={
              mode === 'code'
                ? `Only when the code has no amount. ${amountHint('BRL')}`
                : amountHint('BRL')
            }
            value={amount}
            onInput={setAmount}
            error={errors.amount ?? f('/amount')}
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
              label="A key the receiver rejects"
              outcome="reject@example.com: found; the payment goes PROCESSING, then FAILED with PIX_PAYMENT_REJECTED."
              onApply={() => {
                setMode('key');
                setKey('reject@example.com');
              }}
            />
            <MagicHint
              label="An unknown key"
              outcome="unknown@example.com: the look-up (and a payment) is 404 PIX_KEY_NOT_FOUND; nothing moves."
              onApply={() => {
                setMode('key');
                setKey('unknown@example.com');
              }}
            />
            <MagicHint
              label="A payment the rail rejects"
              outcome="Amount 10.66 (ends in 66): PROCESSING, then FAILED with RAIL_REJECTED; amount and fee released."
              onApply={() => setAmount('10.66')}
            />
            <MagicHint
              label="A payment held for the back-office"
              outcome="Amount 10.77 (ends in 77): it stays REQUESTED, amount and fee held, until an operator completes or fails it."
              onApply={() => setAmount('10.77')}
            />
          </SandboxHints>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Pay
          </Button>
        </form>
      </Section>
    </div>
  );
}
