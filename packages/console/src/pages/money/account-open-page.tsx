import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { ASSETS } from '../../lib/format.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { SelectInput, TextInput } from './form-fields.js';
import { SandboxHints } from './sandbox-hints.js';
import type { AssetCode } from './types.js';
import { useSubmit } from './use-submit.js';

/** /console/accounts/new: POST /v1/accounts, then the new account's page. */
export function AccountOpenPage() {
  const api = useApi();
  const { route } = useLocation();
  const [type, setType] = useState<'CHECKING' | 'SAVING'>('CHECKING');
  const [name, setName] = useState('');
  const [assets, setAssets] = useState<AssetCode[]>(['BRL']);
  const [extras, setExtras] = useExtras();
  const [clientError, setClientError] = useState<{ assets?: string; metadata?: string }>({});
  const submitter = useSubmit();

  const toggle = (asset: AssetCode, on: boolean) =>
    setAssets(ASSETS.filter((a) => (a === asset ? on : assets.includes(a))));

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, {});
    const errors = {
      assets: assets.length === 0 ? 'Choose at least one asset.' : undefined,
      metadata: extra.kind === 'bad' ? extra.error : undefined,
    };
    setClientError(errors);
    if (errors.assets || extra.kind === 'bad') return;
    const body = { type, assets, ...(name.trim() ? { name: name.trim() } : {}), ...extra.body };
    const account = await submitter.submit(body, (b, key) =>
      must(api.POST('/v1/accounts', { body: b, params: { header: { 'Idempotency-Key': key } } })),
    );
    if (account) route(`/console/accounts/${account.id}`);
  };

  return (
    <div>
      <PageHeader
        title="Open an account"
        subtitle="Each asset is onboarded on its own; the account is ACTIVE once one asset is."
      />
      <Section title="New account">
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Open an account">
          <SelectInput
            label="Type"
            value={type}
            options={['CHECKING', 'SAVING']}
            onChange={(v) => setType(v === 'SAVING' ? 'SAVING' : 'CHECKING')}
            error={submitter.fieldError('/type')}
          />
          <TextInput
            label="Name"
            hint="Optional, your own label (1–100 characters)."
            maxLength={100}
            value={name}
            onInput={setName}
            error={submitter.fieldError('/name')}
          />
          <fieldset aria-describedby="money-assets-error">
            <legend>Assets</legend>
            {ASSETS.map((asset) => (
              <label class="checkbox" key={asset}>
                <input
                  type="checkbox"
                  name="assets"
                  value={asset}
                  checked={assets.includes(asset)}
                  onChange={(e) => toggle(asset, e.currentTarget.checked)}
                />
                {asset}
              </label>
            ))}
            <div class="field-error small" id="money-assets-error">
              {clientError.assets ?? submitter.fieldError('/assets')}
            </div>
          </fieldset>
          <ExtrasFields
            value={extras}
            onChange={setExtras}
            submitter={submitter}
            metadataError={clientError.metadata}
          />
          <SandboxHints>
            <MagicHint
              label="Onboarding fails"
              outcome="Name FAIL_ONBOARDING: every asset ends FAILED (ONBOARDING_FAILED) and the account stays OPENING."
              onApply={() => setName('FAIL_ONBOARDING')}
            />
            <MagicHint
              label="Only BTC fails"
              outcome="Name FAIL_ONBOARDING_BTC with BRL and BTC: BTC fails, BRL activates."
              onApply={() => {
                setName('FAIL_ONBOARDING_BTC');
                setAssets(['BRL', 'BTC']);
              }}
            />
            <MagicHint
              label="Onboarding held for the back-office"
              outcome="Name Practice MANUAL_REVIEW: every asset stays ONBOARDING (the account OPENING) until an operator activates or fails it."
              onApply={() => setName('Practice MANUAL_REVIEW')}
            />
          </SandboxHints>
          <ProblemAlert problem={submitter.problem} />
          <Button kind="primary" type="submit" busy={submitter.busy}>
            Open account
          </Button>
        </form>
      </Section>
    </div>
  );
}
