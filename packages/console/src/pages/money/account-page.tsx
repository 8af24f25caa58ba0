import {
  CopyButton,
  Details,
  Loading,
  PageHeader,
  ProblemAlert,
  Section,
  StatusBadge,
  Time,
} from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { useAssetFailures } from './asset-failures.js';
import { FundingInstructions } from './funding-instructions.js';
import { LiveNote } from './live-note.js';
import { StatementSection } from './statement-section.js';
import { BalancesTable, DataTable, MetadataTable } from './tables.js';
import type { Account, Balance } from './types.js';
import { useWatch } from './use-watch.js';

const onboarded = (a: Account) => a.assets.every((s) => s.status !== 'ONBOARDING');

/** /console/accounts/:accountId: state, balances, funding, statement and metadata. */
export function AccountPage(props: { accountId: string }) {
  const id = encodeURIComponent(props.accountId);
  const account = useWatch<Account>(`/v1/accounts/${id}`, onboarded);
  const a = account.data;
  const failures = useAssetFailures(
    props.accountId,
    a?.assets.filter((s) => s.status === 'FAILED').length ?? 0,
  );
  if (!a) {
    return (
      <div>
        <PageHeader title="Account" subtitle={<code>{props.accountId}</code>} />
        {account.error ? <ProblemAlert problem={account.error} /> : <Loading what="the account" />}
      </div>
    );
  }
  const q = `?accountId=${a.id}`;
  const activeAssets = a.assets.filter((s) => s.status === 'ACTIVE').map((s) => s.asset);
  return (
    <div>
      <PageHeader
        title={a.name ? `Account ${a.name}` : 'Account'}
        subtitle={
          <>
            <code>{a.id}</code> <CopyButton value={a.id} label="Copy the account id" />
          </>
        }
        actions={
          <>
            <a class="money-a btn btn-primary" href={`/console/operations/new/deposit${q}`}>
              Deposit
            </a>
            <a class="money-a btn btn-secondary" href={`/console/operations/new/withdrawal${q}`}>
              Withdraw
            </a>
            <a class="money-a btn btn-secondary" href={`/console/operations/new/pix-payment${q}`}>
              Pay PIX
            </a>
            <a class="money-a btn btn-secondary" href={`/console/operations/new/transfer${q}`}>
              Transfer
            </a>
            <a class="money-a btn btn-secondary" href={`/console/operations/new/swap${q}`}>
              Swap
            </a>
            <a class="money-a btn btn-secondary" href={`/console/operations/new/order${q}`}>
              Order
            </a>
          </>
        }
      />
      <ProblemAlert problem={account.error} />
      <Section title="Status">
        <Details
          items={[
            ['Status', <StatusBadge status={a.status} />],
            ['Type', a.type],
            ['Opened', <Time iso={a.createdAt} />],
            ['Updated', <Time iso={a.updatedAt} />],
            ['Operations', <a href={`/console/operations${q}`}>Operations of this account</a>],
          ]}
        />
        <DataTable caption="Assets and their onboarding" columns={['Asset', 'State']}>
          {a.assets.map((s) => (
            <tr key={s.asset}>
              <th scope="row">{s.asset}</th>
              <td>
                <StatusBadge status={s.status} />
                {s.status === 'FAILED' && (
                  <span class="small">
                    {' '}
                    {failures[s.asset]
                      ? `${failures[s.asset]!.code}: ${failures[s.asset]!.message}`
                      : 'Onboarding failed.'}{' '}
                    Open another account for {s.asset}.
                  </span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <LiveNote watching={account.watching} settledText="Onboarding settled." />
      </Section>
      <BalancesSection accountId={a.id} />
      <Section title="Funding instructions">
        <FundingInstructions accountId={a.id} activeAssets={activeAssets} />
      </Section>
      <StatementSection account={a} />
      <Section title="Metadata">
        <MetadataTable metadata={a.metadata} />
      </Section>
    </div>
  );
}

/** GET …/balances, polled: a deposit or withdrawal settling shows without a reload. */
function BalancesSection(props: { accountId: string }) {
  const balances = useLive<{ data: Balance[] }>(`/v1/accounts/${props.accountId}/balances`, 2000);
  return (
    <Section title="Balances">
      <ProblemAlert problem={balances.error} />
      {balances.data ? (
        <BalancesTable caption="Balances per asset" hideCaption balances={balances.data.data} />
      ) : (
        <Loading what="balances" />
      )}
      <p class="muted small">
        Available can be moved now; pending is held for operations in flight; total is both.
      </p>
    </Section>
  );
}
