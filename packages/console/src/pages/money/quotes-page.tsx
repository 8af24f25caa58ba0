import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { ASSETS } from '../../lib/format.js';
import {
  Button,
  Empty,
  Loading,
  PageHeader,
  ProblemAlert,
  Section,
  Time,
} from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { SelectInput, TextInput } from './form-fields.js';
import { withQuery } from '../../lib/query.js';
import { QuoteForm } from './quote-form.js';
import { DataTable } from './tables.js';
import type { Rate } from './types.js';

/**
 * /console/quotes: the current rates (GET /v1/rates, indicative, polled), a quote form (a quote
 * fixes a rate for a short time) and a way to open a quote by its id.
 */
export function QuotesPage(props: { query?: Record<string, string> }) {
  const { route } = useLocation();
  return (
    <div>
      <PageHeader
        title="Quotes & rates"
        subtitle="Rates are indicative and include the spread; a quote fixes one for 30 seconds."
      />
      <RatesSection />
      <Section title="Get a quote">
        <QuoteForm
          accountId={props.query?.accountId}
          submitLabel="Get a quote"
          onQuote={(q) => route(`/console/quotes/${q.id}`)}
        />
      </Section>
      <OpenQuote />
    </div>
  );
}

function RatesSection() {
  const [base, setBase] = useState('');
  const rates = useLive<{ data: Rate[] }>(withQuery('/v1/rates', { base }), 3000);
  return (
    <Section title="Rates now">
      <form class="inline" aria-label="Filter rates" onSubmit={(e) => e.preventDefault()}>
        <SelectInput
          label="Selling"
          value={base}
          empty="Any asset"
          options={ASSETS}
          onChange={setBase}
        />
      </form>
      <ProblemAlert problem={rates.error} />
      {!rates.data ? (
        <Loading what="rates" />
      ) : rates.data.data.length === 0 ? (
        <Empty>No rate is set for any pair.</Empty>
      ) : (
        <DataTable
          caption="Rates per directed pair"
          columns={['Pair', { label: 'Rate', right: true }, 'Since']}
        >
          {rates.data.data.map((r) => (
            <tr key={`${r.base}-${r.quote}`}>
              <th scope="row">
                {r.base} → {r.quote}
              </th>
              <td class="right num">
                1 {r.base} = {r.rate} {r.quote}
              </td>
              <td>
                <Time iso={r.updatedAt} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p class="live">Live: refreshed every few seconds.</p>
    </Section>
  );
}

function OpenQuote() {
  const { route } = useLocation();
  const [id, setId] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Section title="Open a quote">
      <form
        class="inline"
        aria-label="Open a quote by id"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!/^quo_\w+$/.test(id.trim())) return setError('A quote id starts with quo_.');
          setError(undefined);
          route(`/console/quotes/${id.trim()}`);
        }}
      >
        <TextInput label="Quote id" value={id} onInput={setId} error={error} placeholder="quo_…" />
        <Button type="submit">Open</Button>
      </form>
    </Section>
  );
}
