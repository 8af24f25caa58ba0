import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { must, type Api } from '../../api/http.js';
import { useAsync } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { SelectInput } from './form-fields.js';
import type { Account } from './types.js';

/** At most this many accounts are offered in a form's account list (10 pages of 100). */
const MAX_PAGES = 10;

async function allAccounts(api: Api): Promise<Account[]> {
  const accounts: Account[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await must(
      api.GET('/v1/accounts', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
    );
    accounts.push(...page.data);
    if (!page.meta.nextCursor) break;
    cursor = page.meta.nextCursor;
  }
  return accounts;
}

/** The customer's accounts, newest first, for the forms' account pickers. */
export function useAccounts() {
  const api = useApi();
  return useAsync(() => allAccounts(api), [api]);
}

/**
 * An account and one of its assets, chosen in a form: the account preset from the page's
 * `?accountId=`, the asset defaulting to the account's first (or `preferred` when it holds it).
 */
export function useAccountAsset(initialAccountId: string | undefined, preferred?: string) {
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState(initialAccountId ?? '');
  const [picked, setAsset] = useState(preferred ?? '');
  const account = accounts.data?.find((a) => a.id === accountId);
  const holds = account?.assets.some((a) => a.asset === picked) ?? false;
  const asset = holds ? picked : (account?.assets[0]?.asset ?? '');
  return { accounts, accountId, setAccountId, account, asset, setAsset };
}

export function accountLabel(a: Account): string {
  const name = a.name ? `${a.name} · ` : '';
  return `${name}${a.id} (${a.type}${a.status === 'ACTIVE' ? '' : `, ${a.status}`})`;
}

/** Picks one of the customer's accounts. */
export function AccountSelect(props: {
  label?: string;
  accounts: Account[] | undefined;
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
  hint?: ComponentChildren;
  exclude?: string;
  /** The first option's text (a filter's "Any account"). */
  empty?: string;
}) {
  const options = (props.accounts ?? [])
    .filter((a) => a.id !== props.exclude)
    .map((a) => ({ value: a.id, label: accountLabel(a) }));
  return (
    <SelectInput
      label={props.label ?? 'Account'}
      value={props.value}
      options={options}
      empty={props.accounts ? (props.empty ?? 'Choose an account') : 'Loading accounts…'}
      onChange={props.onChange}
      error={props.error}
      hint={
        props.hint ??
        (props.accounts?.length === 0 ? (
          <>
            No account yet: <a href="/console/accounts/new">open one</a>.
          </>
        ) : undefined)
      }
    />
  );
}

/** Picks an asset the account holds; assets not ACTIVE are listed with their state. */
export function AssetSelect(props: {
  label?: string;
  account: Account | undefined;
  value: string;
  onChange: (asset: string) => void;
  error?: string | undefined;
  hint?: string;
  only?: readonly string[];
}) {
  const assets = (props.account?.assets ?? []).filter(
    (a) => !props.only || props.only.includes(a.asset),
  );
  return (
    <SelectInput
      label={props.label ?? 'Asset'}
      value={props.value}
      options={assets.map((a) => ({
        value: a.asset,
        label: a.status === 'ACTIVE' ? a.asset : `${a.asset} (${a.status})`,
      }))}
      empty={props.account ? 'Choose an asset' : 'Choose an account first'}
      onChange={props.onChange}
      error={props.error}
      hint={props.hint}
    />
  );
}
