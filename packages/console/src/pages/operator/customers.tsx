import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import {
  Button,
  Empty,
  Field,
  Loading,
  PageHeader,
  Pager,
  ProblemAlert,
  Section,
  Time,
} from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { useAdmin, usePagePosition } from './admin-hooks.js';
import { ActorWarning, IdLink, OPERATOR, TableWrap } from './parts.js';
import { SecretOnce } from './secret-once.js';

/**
 * Every customer, newest first, and a new one (docs/admin.md "Customers and API clients"). No
 * search by name: the API has none (docs/admin.md "Finding what to act on"); an id found
 * elsewhere (an operation, the audit log) opens its customer directly.
 */
export function CustomersPage() {
  const { api } = useAdmin();
  const { position, onPage } = usePagePosition('customers');
  const list = useAsync(
    () => must(api.GET('/admin/v1/customers', { params: { query: { limit: 20, ...position } } })),
    [position],
  );
  const [issued, setIssued] = useState<{
    customerId: string;
    clientId: string;
    clientSecret: string;
  }>();
  return (
    <div>
      <PageHeader title="Customers" subtitle="Every customer of this deployment, newest first." />
      <ActorWarning />
      {issued && (
        <SecretOnce
          title={`Customer ${issued.customerId} created`}
          credentials={issued}
          onDismiss={() => setIssued(undefined)}
        />
      )}
      <div class="grid">
        <CreateCustomer
          onCreated={(credentials) => {
            setIssued(credentials);
            list.reload();
          }}
        />
        <OpenById />
      </div>
      <Section title="All customers">
        <ProblemAlert problem={list.error} />
        {list.loading && !list.data && <Loading what="customers" />}
        {list.data && list.data.data.length === 0 && <Empty>No customers yet.</Empty>}
        {list.data && list.data.data.length > 0 && (
          <TableWrap label="Customers, newest first">
            <table>
              <caption>Customers, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Customer id</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((customer) => (
                  <tr key={customer.id}>
                    <th scope="row">
                      <a href={OPERATOR.customer(customer.id)}>{customer.name}</a>
                    </th>
                    <td>
                      <IdLink id={customer.id} />
                    </td>
                    <td>
                      <Time iso={customer.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
        <Pager meta={list.data?.meta} onPage={onPage} />
      </Section>
    </div>
  );
}

function CreateCustomer(props: {
  onCreated: (credentials: { customerId: string; clientId: string; clientSecret: string }) => void;
}) {
  const { api } = useAdmin();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const issued = await must(api.POST('/admin/v1/customers', { body: { name } }));
      setName('');
      props.onCreated(issued);
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="New customer">
      <p class="muted small">
        Creates the customer with one API client for this deployment. Not safe to repeat: after a
        timeout, look for <code>CUSTOMER_CREATED</code> in the audit log first.
      </p>
      <form onSubmit={(e) => void submit(e)} aria-label="Create a customer">
        <Field label="Customer name" error={problem?.fieldError('/name')}>
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              required
              maxLength={200}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <ProblemAlert problem={problem} />
        <Button kind="primary" type="submit" busy={busy}>
          Create customer
        </Button>
      </form>
    </Section>
  );
}

function OpenById() {
  const { route } = useLocation();
  const [id, setId] = useState('');
  return (
    <Section title="Open a customer">
      <p class="muted small">By its id (cus_…), e.g. from an operation or the audit log.</p>
      <form
        aria-label="Open a customer by id"
        onSubmit={(e) => {
          e.preventDefault();
          if (id.trim()) route(OPERATOR.customer(id.trim()));
        }}
      >
        <Field label="Customer id">
          {(fieldId, describedBy) => (
            <input
              id={fieldId}
              aria-describedby={describedBy}
              required
              maxLength={64}
              spellcheck={false}
              value={id}
              onInput={(e) => setId(e.currentTarget.value)}
            />
          )}
        </Field>
        <Button type="submit">Open</Button>
      </form>
    </Section>
  );
}
