import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { localInputToIso, timeZone } from '../../lib/format.js';
import {
  Button,
  Empty,
  Loading,
  Money,
  Pager,
  ProblemAlert,
  Section,
  Time,
} from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import { SelectInput, TextInput } from './form-fields.js';
import { BalancesTable, DataTable } from './tables.js';
import type { Account, AssetCode, PagePosition, StatementEntry, StatementPeriod } from './types.js';

interface Filters {
  asset: AssetCode | '';
  from: string;
  to: string;
}

/**
 * GET /v1/accounts/{id}/statement: the history of the available balance, newest first, for one
 * asset or all, over a period (docs/api.md "Statement for a period": entries after `from` and at
 * or before `to`, with the balances at both ends). The period is typed in the reader's zone and
 * sent as UTC instants.
 */
export function StatementSection(props: { account: Account }) {
  const api = useApi();
  const [draft, setDraft] = useState<Filters>({ asset: '', from: '', to: '' });
  const [applied, setApplied] = useState<Filters>(draft);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [page, setPage] = useState<PagePosition>();
  const statement = useAsync(() => {
    const from = localInputToIso(applied.from);
    const to = localInputToIso(applied.to);
    return must(
      api.GET('/v1/accounts/{accountId}/statement', {
        params: {
          path: { accountId: props.account.id },
          query: {
            limit: 20,
            ...(applied.asset ? { asset: applied.asset } : {}),
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
            ...(page ?? {}),
          },
        },
      }),
    );
  }, [api, props.account.id, applied, page]);

  const apply = (event: Event) => {
    event.preventDefault();
    const from = localInputToIso(draft.from);
    const to = localInputToIso(draft.to);
    const now = new Date().toISOString();
    const next = {
      from: from && from > now ? 'Not in the future.' : undefined,
      to:
        to && to > now
          ? 'Not in the future: leave it empty for “now”.'
          : from && to && from > to
            ? 'The end must not be before the start.'
            : undefined,
    };
    setErrors(next);
    if (next.from || next.to) return;
    setPage(undefined);
    setApplied({ ...draft });
    statement.reload();
  };

  const server = statement.error;
  return (
    <Section title="Statement">
      <form class="inline" onSubmit={apply} noValidate aria-label="Statement period">
        <SelectInput
          label="Asset"
          value={draft.asset}
          empty="All assets"
          options={props.account.assets.map((a) => a.asset)}
          onChange={(asset) => setDraft({ ...draft, asset: asset as AssetCode | '' })}
        />
        <TextInput
          label="From (exclusive)"
          type="datetime-local"
          value={draft.from}
          onInput={(from) => setDraft({ ...draft, from })}
          error={errors.from ?? server?.fieldError('/from')}
        />
        <TextInput
          label="To (inclusive)"
          type="datetime-local"
          value={draft.to}
          onInput={(to) => setDraft({ ...draft, to })}
          error={errors.to ?? server?.fieldError('/to')}
        />
        <Button kind="primary" type="submit">
          Show statement
        </Button>
      </form>
      <p class="muted small">
        Times in {timeZone()}. Empty “from”: since the account opened; empty “to”: until now.
      </p>
      <ProblemAlert problem={server} />
      {statement.data?.period && <PeriodBalances period={statement.data.period} />}
      {statement.loading && !statement.data ? (
        <Loading what="the statement" />
      ) : statement.data?.data.length === 0 ? (
        <Empty>No entries{applied.from || applied.to ? ' in this period' : ' yet'}.</Empty>
      ) : (
        statement.data && <EntriesTable entries={statement.data.data} />
      )}
      <Pager
        meta={statement.data?.meta}
        onPage={(cursor, direction) => setPage({ cursor, direction })}
      />
    </Section>
  );
}

function PeriodBalances(props: { period: StatementPeriod }) {
  const p = props.period;
  return (
    <div class="money-period">
      <p>
        Period after <Time iso={p.from} /> until <Time iso={p.to} />.
      </p>
      <div class="grid">
        <BalancesTable caption="Opening balances" balances={p.opening} />
        <BalancesTable caption="Closing balances" balances={p.closing} />
      </div>
    </div>
  );
}

function EntriesTable(props: { entries: StatementEntry[] }) {
  return (
    <DataTable
      caption="Statement entries, newest first"
      columns={[
        'Booked',
        'Description',
        'Direction',
        { label: 'Amount', right: true },
        { label: 'Available after', right: true },
      ]}
    >
      {props.entries.map((e) => (
        <tr key={e.id}>
          <td>
            <Time iso={e.createdAt} />
          </td>
          <td>
            {e.operationId ? (
              <a href={`/console/operations/${e.operationId}`}>{e.description}</a>
            ) : (
              e.description
            )}
          </td>
          <td>
            <span class={`money-dir money-dir-${e.direction.toLowerCase()}`}>{e.direction}</span>
          </td>
          <td class="right">
            {e.direction === 'DEBIT' ? '−' : '+'}
            <Money amount={e.amount} asset={e.asset} />
          </td>
          <td class="right">
            <Money amount={e.balanceAfter} asset={e.asset} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
