import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { ASSETS, formatAmount } from '../../lib/format.js';
import { Button, Empty, Field, ProblemAlert, Section, Time } from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { useAdmin } from './admin-hooks.js';
import { Notice, TableWrap } from './parts.js';

/**
 * Production prices (docs/admin.md "Rates"): one rate per directed pair, used by every quote
 * from the moment it is set. The sandbox's prices follow fixed curves: it lists none and
 * refuses to set one (409), which this section says before anyone tries.
 */
export function RatesSection(props: { sandbox: boolean }) {
  const { api } = useAdmin();
  const rates = useAsync(() => must(api.GET('/admin/v1/rates')), []);
  const [pair, setPair] = useState({ base: 'BRL', quote: 'USDT', rate: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    try {
      const saved = await must(
        api.PUT('/admin/v1/rates/{base}/{quote}', {
          params: {
            path: {
              base: pair.base as (typeof ASSETS)[number],
              quote: pair.quote as (typeof ASSETS)[number],
            },
          },
          body: { rate: pair.rate.trim() },
        }),
      );
      setNotice(`1 ${saved.base} now buys ${saved.rate} ${saved.quote}.`);
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
      rates.reload();
    }
  };
  const select = (name: 'base' | 'quote', label: string) => (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          value={pair[name]}
          onChange={(e) => setPair((p) => ({ ...p, [name]: e.currentTarget.value }))}
        >
          {ASSETS.map((asset) => (
            <option key={asset}>{asset}</option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <Section title="Rates">
      {props.sandbox && (
        <p class="alert alert-info">
          Sandbox: prices are simulated (fixed curves, docs/sandbox.md "Rates"), so none is stored
          here and setting one is refused.
        </p>
      )}
      <ProblemAlert problem={rates.error} />
      {rates.data && rates.data.data.length === 0 && <Empty>No rate is stored.</Empty>}
      {rates.data && rates.data.data.length > 0 && (
        <TableWrap label="Stored rates, by base then quote">
          <table>
            <caption>Stored rates, by base then quote</caption>
            <thead>
              <tr>
                <th scope="col">Pair</th>
                <th scope="col" class="right">
                  Rate
                </th>
                <th scope="col">Set</th>
              </tr>
            </thead>
            <tbody>
              {rates.data.data.map((r) => (
                <tr key={`${r.base}/${r.quote}`}>
                  <th scope="row">
                    {r.base} → {r.quote}
                  </th>
                  <td class="right num">{formatAmount(r.rate)}</td>
                  <td>
                    <Time iso={r.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <form class="inline" aria-label="Set a rate" onSubmit={(e) => void submit(e)}>
        {select('base', 'Selling (base)')}
        {select('quote', 'Buying (quote)')}
        <Field label="Rate" hint="Quote units per base unit, spread included; ≤ 12 decimals.">
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              required
              inputMode="decimal"
              value={pair.rate}
              onInput={(e) => setPair((p) => ({ ...p, rate: e.currentTarget.value }))}
            />
          )}
        </Field>
        <Button kind="primary" type="submit" busy={busy}>
          Set rate
        </Button>
      </form>
      <Notice>{notice}</Notice>
      <ProblemAlert problem={problem} />
    </Section>
  );
}
