import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { ASSETS } from '../../lib/format.js';
import { Button, ProblemAlert } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { AccountSelect, useAccountAsset } from './account-fields.js';
import { amountHint, checkAmount } from './checks.js';
import { RadioGroup, SelectInput, TextInput } from './form-fields.js';
import type { AssetCode, Quote } from './types.js';
import { useSubmit } from './use-submit.js';

export interface QuoteDraft {
  side: 'source' | 'target';
  amount: string;
}

/**
 * POST /v1/quotes: price one conversion for one account, held for a short time. `children` come
 * before the button (a swap page's sandbox shortcuts); `fill` lets them set the amount.
 */
export function QuoteForm(props: {
  accountId?: string | undefined;
  onQuote: (quote: Quote) => void;
  submitLabel: string;
  hints?: (
    fill: (draft: QuoteDraft, sourceAsset: string) => void,
    sourceAsset: string,
  ) => ComponentChildren;
}) {
  const api = useApi();
  const sel = useAccountAsset(props.accountId, 'BRL');
  const [target, setTarget] = useState('');
  const [side, setSide] = useState<'source' | 'target'>('source');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ accountId?: string; target?: string; amount?: string }>(
    {},
  );
  const submitter = useSubmit();
  const others = ASSETS.filter((a) => a !== sel.asset);
  const held = sel.account?.assets.map((a) => a.asset) ?? [];
  const targetAsset = others.includes(target as AssetCode)
    ? target
    : (others.find((a) => held.includes(a)) ?? others[0] ?? '');
  const amountAsset = side === 'source' ? sel.asset : targetAsset;

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const next = {
      accountId: sel.accountId ? undefined : 'Choose the account the quote is for.',
      target: targetAsset ? undefined : 'Choose what to convert to.',
      amount: checkAmount(amount, amountAsset),
    };
    setErrors(next);
    if (next.accountId || next.target || next.amount) return;
    const body = {
      accountId: sel.accountId,
      sourceAsset: sel.asset as AssetCode,
      targetAsset: targetAsset as AssetCode,
      ...(side === 'source' ? { sourceAmount: amount.trim() } : { targetAmount: amount.trim() }),
    };
    const quote = await submitter.submit(body, (b, key) =>
      must(api.POST('/v1/quotes', { body: b, params: { header: { 'Idempotency-Key': key } } })),
    );
    if (quote) props.onQuote(quote);
  };

  const f = submitter.fieldError;
  const fill = (draft: QuoteDraft, sourceAsset: string) => {
    sel.setAsset(sourceAsset);
    setSide(draft.side);
    setAmount(draft.amount);
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Get a quote">
      <AccountSelect
        accounts={sel.accounts.data}
        value={sel.accountId}
        onChange={sel.setAccountId}
        error={errors.accountId ?? f('/accountId')}
      />
      <div class="money-pair">
        <SelectInput
          label="From asset"
          value={sel.asset}
          options={held}
          empty={sel.account ? undefined : 'Choose an account first'}
          onChange={sel.setAsset}
          error={f('/sourceAsset')}
        />
        <SelectInput
          label="To asset"
          value={targetAsset}
          options={others}
          onChange={setTarget}
          error={errors.target ?? f('/targetAsset')}
        />
      </div>
      <RadioGroup
        legend="The amount is"
        name="quote-side"
        value={side}
        options={[
          { value: 'source', label: 'What I pay (fees included)' },
          { value: 'target', label: 'What I receive' },
        ]}
        onChange={(v) => setSide(v === 'target' ? 'target' : 'source')}
      />
      <TextInput
        label="Amount"
        inputMode="decimal"
        hint={amountHint(amountAsset)}
        value={amount}
        onInput={setAmount}
        error={errors.amount ?? f('/sourceAmount') ?? f('/targetAmount')}
      />
      {props.hints?.(fill, sel.asset)}
      <ProblemAlert problem={submitter.problem} />
      <Button kind="primary" type="submit" busy={submitter.busy}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
