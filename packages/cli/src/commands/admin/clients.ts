import type { Command } from 'commander';
import type { AdminCli } from './admin-command.js';
import { common, seg } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';
import { clientLine, clientList } from './admin-views.js';
import { credentials } from './customers.js';
import {
  restrictionBody,
  withLifts,
  withRestrictions,
  type RestrictionOptions,
} from './client-restrictions.js';

/** `cofre admin clients list | create | update | rotate-secret | disable | enable`. */
export function clientsCommands(admin: Command, { run, call }: AdminCli): void {
  const clients = admin.command('clients').description("customers' API clients");
  common(clients.command('list').argument('<customerId>'))
    .description("list a customer's API clients (never their secrets)")
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/customers/${seg(id)}/clients`, undefined, clientList),
      ),
    );
  common(
    withRestrictions(
      clients.command('create').argument('<customerId>').option('--name <name>', 'client name'),
    ),
  )
    .description(
      'create another API client for a customer (full access unless restricted); prints its secret once',
    )
    .action(
      run((id: string, opts: AdminOptions & RestrictionOptions & { name?: string }) =>
        call(
          opts,
          'POST',
          `/admin/v1/customers/${seg(id)}/clients`,
          { ...(opts.name !== undefined ? { name: opts.name } : {}), ...restrictionBody(opts) },
          credentials,
        ),
      ),
    );
  common(withLifts(clients.command('update').argument('<clientId>').option('--name <name>')))
    .description("change a client's name, permissions, expiry, networks, rate limit or accounts")
    .action(
      run((id: string, opts: AdminOptions & RestrictionOptions & { name?: string }) =>
        call(
          opts,
          'PATCH',
          `/admin/v1/clients/${seg(id)}`,
          { ...(opts.name !== undefined ? { name: opts.name } : {}), ...restrictionBody(opts) },
          clientLine,
        ),
      ),
    );
  common(clients.command('rotate-secret').argument('<clientId>'))
    .description("replace a client's secret; prints the new one once")
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'POST', `/admin/v1/clients/${seg(id)}/rotateSecret`, undefined, credentials),
      ),
    );
  for (const verb of ['disable', 'enable'] as const) {
    common(clients.command(verb).argument('<clientId>'))
      .description(verb === 'disable' ? 'disable an API client' : 're-enable an API client')
      .action(
        run((id: string, opts: AdminOptions) =>
          call(opts, 'POST', `/admin/v1/clients/${seg(id)}/${verb}`, undefined, clientLine),
        ),
      );
  }
}
