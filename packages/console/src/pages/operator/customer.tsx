import { useState } from 'preact/hooks';
import type { OperatorClient } from '../../api/admin.js';
import { must } from '../../api/http.js';
import { Details, Loading, PageHeader, ProblemAlert, Section, Time } from '../../ui/components.js';
import { useAsync } from '../../ui/hooks.js';
import { ClientsTable, type Issued } from './clients-table.js';
import { useAdmin } from './admin-hooks.js';
import { withQuery } from '../../lib/query.js';
import { ActorWarning, Notice, OPERATOR } from './parts.js';
import { SecretOnce } from './secret-once.js';
import { AddClient, EditClient } from './client-editors.js';

/** One customer and its API clients: add one, rotate a secret, disable or enable a client. */
export function CustomerPage(props: { customerId: string }) {
  const { api } = useAdmin();
  const customerId = props.customerId;
  const params = { params: { path: { customerId } } };
  const customer = useAsync(
    () => must(api.GET('/admin/v1/customers/{customerId}', params)),
    [customerId],
  );
  const clients = useAsync(
    () => must(api.GET('/admin/v1/customers/{customerId}/clients', params)),
    [customerId],
  );
  const [issued, setIssued] = useState<{ title: string; credentials: Issued }>();
  const [notice, setNotice] = useState<string>();
  const [editing, setEditing] = useState<OperatorClient>();

  return (
    <div>
      <PageHeader
        title={customer.data ? customer.data.name : 'Customer'}
        subtitle={<code>{customerId}</code>}
      />
      <ActorWarning />
      <ProblemAlert problem={customer.error} />
      {customer.loading && !customer.data && <Loading what="the customer" />}
      {customer.data && (
        <Section title="Customer">
          <Details
            items={[
              ['Name', customer.data.name],
              ['Customer id', <code>{customer.data.id}</code>],
              ['Created', <Time iso={customer.data.createdAt} />],
            ]}
          />
          <ul class="links op-related">
            <li>
              <a href={withQuery(OPERATOR.accounts, { customerId })}>Accounts</a>
            </li>
            <li>
              <a href={withQuery(OPERATOR.operations, { customerId })}>Operations</a>
            </li>
            <li>
              <a href={withQuery(OPERATOR.review, { customerId, status: 'ALL' })}>
                Payment instructions
              </a>
            </li>
            <li>
              <a href={withQuery(OPERATOR.audit, { subjectId: customerId })}>Audit log</a>
            </li>
          </ul>
        </Section>
      )}
      {issued && (
        <SecretOnce
          title={issued.title}
          credentials={issued.credentials}
          onDismiss={() => setIssued(undefined)}
        />
      )}
      <Notice>{notice}</Notice>
      <Section title="API clients">
        <ProblemAlert problem={clients.error} />
        {clients.data && (
          <ClientsTable
            clients={clients.data.data}
            onRotated={(credentials) => {
              setNotice(undefined);
              setIssued({ title: `New secret for ${credentials.clientId}`, credentials });
            }}
            onChanged={(text) => {
              setNotice(text);
              clients.reload();
            }}
            onRefused={() => clients.reload()}
            onEdit={(client) => {
              setNotice(undefined);
              setEditing(client);
            }}
          />
        )}
      </Section>
      {editing && (
        <EditClient
          client={editing}
          onSaved={(client) => {
            setEditing(undefined);
            setNotice(`${client.id} saved: ${client.scope || 'no scope'}.`);
            clients.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {customer.data && !editing && (
        <AddClient
          customerId={customerId}
          onCreated={(credentials) => {
            setNotice(undefined);
            setIssued({ title: `Client ${credentials.clientId} created`, credentials });
            clients.reload();
          }}
        />
      )}
    </div>
  );
}
