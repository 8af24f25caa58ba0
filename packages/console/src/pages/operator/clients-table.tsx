import type { OperatorClient } from '../../api/admin.js';
import { must } from '../../api/http.js';
import { Button, StatusBadge, Time } from '../../ui/components.js';
import { ActionButton } from './action-dialog.js';
import { useAdmin } from './admin-hooks.js';
import { accessSummary } from './client-settings.js';
import { TableWrap } from './parts.js';

/** What an issue or a rotation answers: the secret, shown once (secret-once.tsx). */
export type Issued = { clientId: string; clientSecret: string; customerId?: string };

/**
 * A customer's API clients with what each may do (its access, expiry, networks, rate limit and
 * accounts) and their
 * actions: edit those settings, rotate the secret, disable, enable.
 */
export function ClientsTable(props: {
  clients: OperatorClient[];
  onRotated: (credentials: Issued) => void;
  onChanged: (notice: string) => void;
  onRefused: () => void;
  onEdit: (client: OperatorClient) => void;
}) {
  const { api } = useAdmin();
  const after = (notice: (result: unknown) => string | undefined) => (result: unknown) => {
    const text = result === undefined ? undefined : notice(result);
    if (text) props.onChanged(text);
    else props.onRefused();
  };
  return (
    <TableWrap label="API clients, oldest first (secrets are never shown again)">
      <table>
        <caption>API clients, oldest first (secrets are never shown again)</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Client id</th>
            <th scope="col">Status</th>
            <th scope="col">Access</th>
            <th scope="col">Expires</th>
            <th scope="col">Networks</th>
            <th scope="col">Rate limit</th>
            <th scope="col">Accounts</th>
            <th scope="col">Secret version</th>
            <th scope="col">Secret rotated</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.clients.map((client) => {
            const path = { params: { path: { clientId: client.id } } };
            const enabled = client.status === 'ACTIVE';
            return (
              <tr key={client.id}>
                <th scope="row">{client.name}</th>
                <td>
                  <code>{client.id}</code>
                </td>
                <td>
                  <StatusBadge status={client.status} />
                </td>
                <td class="op-wrap">{accessSummary(client.permissions)}</td>
                <td>{client.expiresAt ? <Time iso={client.expiresAt} /> : 'never'}</td>
                <td class="op-wrap">
                  {client.allowedNetworks ? (
                    <code>{client.allowedNetworks.join(', ')}</code>
                  ) : (
                    'any'
                  )}
                </td>
                <td>{client.rateLimit === null ? 'default' : `${client.rateLimit}/min`}</td>
                <td class="op-wrap">
                  {client.accountIds ? <code>{client.accountIds.join(', ')}</code> : 'all'}
                </td>
                <td class="num">{client.secretVersion}</td>
                <td>
                  <Time iso={client.secretRotatedAt} />
                </td>
                <td class="op-row-actions">
                  <Button aria-label={`Edit ${client.id}`} onClick={() => props.onEdit(client)}>
                    Edit
                  </Button>
                  <ActionButton
                    label="Rotate secret"
                    subject={`of ${client.id}`}
                    title={`Rotate the secret of ${client.id}?`}
                    confirmLabel="Rotate secret"
                    kind="danger"
                    run={() => must(api.POST('/admin/v1/clients/{clientId}/rotateSecret', path))}
                    onDone={(result) => {
                      if (result) props.onRotated(result as Issued);
                      else props.onRefused();
                    }}
                  >
                    <p>
                      A new secret is issued and shown once. Access tokens issued under the old one
                      stop working within seconds; the integrator must switch at once. Webhook
                      signatures do not change.
                    </p>
                  </ActionButton>
                  <ActionButton
                    label={enabled ? 'Disable' : 'Enable'}
                    subject={client.id}
                    title={`${enabled ? 'Disable' : 'Enable'} ${client.id}?`}
                    confirmLabel={enabled ? 'Disable client' : 'Enable client'}
                    kind={enabled ? 'danger' : 'primary'}
                    run={() =>
                      must(
                        api.POST(
                          enabled
                            ? '/admin/v1/clients/{clientId}/disable'
                            : '/admin/v1/clients/{clientId}/enable',
                          path,
                        ),
                      )
                    }
                    onDone={after(() => `${client.id} is now ${enabled ? 'DISABLED' : 'ACTIVE'}.`)}
                  >
                    <p>
                      {enabled
                        ? 'The token endpoint refuses it at once; tokens it holds stop working within seconds. Its data and subscriptions stay.'
                        : 'It can get tokens again with the same secret.'}
                    </p>
                  </ActionButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}
