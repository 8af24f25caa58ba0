import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { ASSETS, localInputToIso } from '../../lib/format.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { AccountSelect, useAccountAsset } from './account-fields.js';
import { amountHint, checkAmount, checkPrice, invertRate, magicLimit } from './checks.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { RadioGroup, SelectInput, TextInput } from './form-fields.js';
import { SandboxHints } from './sandbox-hints.js';
import type { AssetCode, Rate } from './types.js';
import { useSubmit } from './use-submit.js';

type Errors = Partial<
  Record<'accountId' | 'amount' | 'limitPrice' | 'expiresAt' | 'metadata', string>
>;

/**
 * /console/operations/new/order: POST /v1/operations/order. MARKET fills at once at the current
 * price; LIMIT holds what it may spend and fills when the price crosses `limitPrice`.
 */
export function OrderPage(props: { query?: Record<string, string> }) {
  const api = useApi();
  const { route } = useLocation();
  const sel = useAccountAsset(props.query?.accountId);
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  const [base, setBase] = useState<AssetCode>('USDT');
  const [quoteAsset, setQuoteAsset] = useState<AssetCode>('BRL');
  const [type, setType] = useState<'MARKET' | 'LIMIT'>('MARKET');
  const [amount, setAmount] = useState('');
  const [limitPrice, setLimitPrice] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [extras, setExtras] = useExtras();
  const [errors, setErrors] = useState<Errors>({});
  const submitter = useSubmit();
  const rates = useLive<{ data: Rate[] }>('/v1/rates', 3000);
  const rate = (b: string, q: string) =>
    rates.data?.data.find((r) => r.base === b && r.quote === q)?.rate;
  const sellPrice = rate(base, quoteAsset);
  const buyPrice = (() => {
    const r = rate(quoteAsset, base);
    return r ? invertRate(r) : undefined;
  })();
  const price = side === 'BUY' ? buyPrice : sellPrice;

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, { description: true, externalReference: true });
    const expiry = localInputToIso(expiresAt);
    const next: Errors = {
      accountId: sel.accountId ? undefined : 'Choose the account that trades.',
      amount: checkAmount(amount, base),
      limitPrice: type === 'LIMIT' ? checkPrice(limitPrice) : undefined,
      expiresAt:
        expiry && expiry <= new Date().toISOString() ? 'Must be in the future.' : undefined,
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || extra.kind === 'bad') return;
    const limit =
      type === 'LIMIT'
        ? { type, limitPrice: limitPrice.trim(), ...(expiry ? { expiresAt: expiry } : {}) }
        : { type };
    const body = {
      accountId: sel.accountId,
      side,
      baseAsset: base,
      quoteAsset,
      amount: amount.trim(),
      ...limit,
      ...extra.body,
    };
    const op = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/operations/order', {
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
        title="Order"
        subtitle="Buy or sell an asset for another, at market or at a limit."
      />
      <Section title="New order">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New order">
          <AccountSelect
            accounts={sel.accounts.data}
            value={sel.accountId}
            onChange={sel.setAccountId}
            error={errors.accountId ?? f('/accountId')}
            hint="It must hold both assets."
          />
          <RadioGroup
            legend="Side"
            name="side"
            value={side}
            options={[
              { value: 'BUY', label: 'Buy the base asset' },
              { value: 'SELL', label: 'Sell the base asset' },
            ]}
            onChange={(v) => setSide(v === 'SELL' ? 'SELL' : 'BUY')}
          />
          <div class="money-pair">
            <SelectInput
              label="Base asset"
              value={base}
              options={ASSETS}
              onChange={(v) => setBase(v as AssetCode)}
              error={f('/baseAsset')}
            />
            <SelectInput
              label="Quote asset"
              value={quoteAsset}
              options={ASSETS}
              onChange={(v) => setQuoteAsset(v as AssetCode)}
              error={f('/quoteAsset')}
            />
          </div>
          <p class="small" aria-live="polite">
            {price
              ? `Price now: 1 ${base} = ${price} ${quoteAsset} to ${side === 'BUY' ? 'buy' : 'sell'} (indicative).`
              : `No current price for ${base}/${quoteAsset}.`}
          </p>
          <RadioGroup
            legend="Order type"
            name="order-type"
            value={type}
            options={[
              { value: 'MARKET', label: 'Market: fills now' },
              { value: 'LIMIT', label: 'Limit: fills at my price' },
            ]}
            onChange={(v) => setType(v === 'LIMIT' ? 'LIMIT' : 'MARKET')}
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            hint={`Of the base asset: ${amountHint(base)}`}
            value={amount}
            onInput={setAmount}
            error={errors.amount ?? f('/amount')}
          />
          {type === 'LIMIT' && (
            <>
              <TextInput
                label="Limit price"
                inputMode="decimal"
                hint={`${quoteAsset} per 1 ${base}, at most 12 decimals. A buy fills at or below it, a sell at or above.`}
                value={limitPrice}
                onInput={setLimitPrice}
                error={errors.limitPrice ?? f('/limitPrice')}
              />
              <TextInput
                label="Expires"
                type="datetime-local"
                hint="Optional: default 24 h from now, at most 30 days."
                value={expiresAt}
                onInput={setExpiresAt}
                error={errors.expiresAt ?? f('/expiresAt')}
              />
            </>
          )}
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
              label="A limit order that never fills"
              outcome={`Limit price ${magicLimit(price, side)} (ends in 66): stays PROCESSING, its hold kept, until you cancel it or it expires.`}
              onApply={() => {
                setType('LIMIT');
                setLimitPrice(magicLimit(price, side));
              }}
            />
          </SandboxHints>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Place order
          </Button>
        </form>
      </Section>
    </div>
  );
}
