import { useState } from 'preact/hooks';
import {
  Button,
  Empty,
  Loading,
  PageHeader,
  Pager,
  ProblemAlert,
  Section,
  StatusBadge,
  Time,
} from '../../ui/components.js';
import { useLive } from '../../ui/hooks.js';
import { instructionLabel } from './beneficiary-labels.js';
import { TextInput } from './form-fields.js';
import { pageQuery, withQuery } from '../../lib/query.js';
import { DataTable } from './tables.js';
import type { Beneficiary, Page, PagePosition } from './types.js';
import { formatTaxId } from '../../lib/format.js';

/** /console/beneficiaries: who the customer pays out to, with each instruction's review state. */
export function BeneficiariesPage() {
  const [draft, setDraft] = useState('');
  const [taxId, setTaxId] = useState('');
  const [page, setPage] = useState<PagePosition>();
  const list = useLive<Page<Beneficiary>>(
    withQuery('/v1/beneficiaries', { taxId: taxId.trim(), limit: '20', ...pageQuery(page) }),
    3000,
  );
  return (
    <div>
      <PageHeader
        title="Beneficiaries"
        subtitle="Payment instructions are reviewed before a withdrawal can use them."
        actions={
          <a class="money-a btn btn-primary" href="/console/beneficiaries/new">
            Add a beneficiary
          </a>
        }
      />
      <Section title="Your beneficiaries">
        <form
          class="inline"
          aria-label="Filter beneficiaries"
          onSubmit={(e) => {
            e.preventDefault();
            setTaxId(draft.trim());
            setPage(undefined);
          }}
        >
          <TextInput
            label="CPF or CNPJ"
            type="search"
            hint="Punctuation is ignored; empty shows all."
            value={draft}
            onInput={setDraft}
            error={list.error?.fieldError('/taxId')}
          />
          <Button type="submit">Search</Button>
        </form>
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data ? (
          <Loading what="beneficiaries" />
        ) : list.data?.data.length === 0 ? (
          <Empty>
            No beneficiary{taxId ? ' with this tax id' : ' yet'}.{' '}
            <a href="/console/beneficiaries/new">Add one</a>.
          </Empty>
        ) : (
          list.data && (
            <DataTable
              caption="Beneficiaries, newest first"
              columns={['Holder', 'Tax id', 'Relationship', 'Payment instructions', 'Added']}
            >
              {list.data.data.map((b) => (
                <tr key={b.id}>
                  <td>
                    <a href={`/console/beneficiaries/${b.id}`}>{b.holder.name}</a>
                    <div class="muted small">{b.holder.type}</div>
                  </td>
                  <td>
                    <code>{formatTaxId(b.holder.taxId)}</code>
                  </td>
                  <td>{b.relationshipType}</td>
                  <td>
                    <ul class="money-plain">
                      {b.paymentInstructions.map((i) => (
                        <li key={i.id}>
                          <StatusBadge status={i.status} />{' '}
                          <span class="small money-wrap">{instructionLabel(i)}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <Time iso={b.createdAt} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        )}
        <Pager
          meta={list.data?.meta}
          onPage={(cursor, direction) => setPage({ cursor, direction })}
        />
      </Section>
    </div>
  );
}
