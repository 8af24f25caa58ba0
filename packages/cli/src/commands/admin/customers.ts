import type { Command } from 'commander';
import type { AdminCli, Describe } from './admin-command.js';
import { common, listQuery, paged, seg } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';
import { customerLine, customerPage } from './admin-views.js';

/** Issued credentials, one per line, and that the secret is shown only now. */
export const credentials: Describe = (body, io) => {
  const b = body as Record<string, string | number>;
  for (const key of ['customerId', 'clientId', 'clientSecret', 'secretVersion']) {
    if (b[key] !== undefined) io.out(`${`${key}:`.padEnd(14)}${b[key]}`);
  }
  io.out('The secret is shown only now; store it safely.');
};

/** `cofre admin customers list | create | get`. */
export function customersCommands(admin: Command, { run, call }: AdminCli): void {
  const customers = admin.command('customers').description('customers');
  common(paged(customers.command('list')))
    .description('list every customer, newest first (one page)')
    .action(
      run((opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/customers${listQuery(opts)}`, undefined, customerPage),
      ),
    );
  common(customers.command('create').requiredOption('--name <name>', 'customer name'))
    .description('create a customer with one API client; prints its secret once')
    .action(
      run((opts: AdminOptions & { name: string }) =>
        call(opts, 'POST', '/admin/v1/customers', { name: opts.name }, credentials),
      ),
    );
  common(customers.command('get').argument('<customerId>'))
    .description('look up a customer')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/customers/${seg(id)}`, undefined, customerLine),
      ),
    );
}
