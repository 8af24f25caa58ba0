import type { Command } from 'commander';
import type { AdminCli, ReasonOptions } from './admin-command.js';
import { common, listQuery, paged, reasonOf, seg, withReason } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';
import { accountLine, accountPage } from './admin-views.js';

type ListOptions = AdminOptions & { status?: string; customerId?: string };

/** `cofre admin accounts list | get | activate-asset | fail-asset | freeze | unfreeze`. */
export function accountsCommands(admin: Command, { run, call }: AdminCli): void {
  const accounts = admin.command('accounts').description('account lifecycle');
  common(
    paged(
      accounts
        .command('list')
        .option('--status <status>', 'only this status, e.g. OPENING (onboarding to decide)')
        .option('--customer-id <id>', "only this customer's accounts"),
    ),
  )
    .description("list every customer's accounts, newest first (one page)")
    .action(
      run((opts: ListOptions) => {
        const query = listQuery(opts, { status: 'status', customerId: 'customerId' });
        return call(opts, 'GET', `/admin/v1/accounts${query}`, undefined, accountPage);
      }),
    );
  common(accounts.command('get').argument('<accountId>'))
    .description('show an account')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/accounts/${seg(id)}`, undefined, accountLine),
      ),
    );
  common(accounts.command('activate-asset').argument('<accountId>').argument('<asset>'))
    .description('finish onboarding of one ONBOARDING asset')
    .action(
      run((id: string, asset: string, opts: AdminOptions) =>
        call(
          opts,
          'POST',
          `/admin/v1/accounts/${seg(id)}/assets/${seg(asset)}/activate`,
          undefined,
          accountLine,
        ),
      ),
    );
  common(
    withReason(
      accounts.command('fail-asset').argument('<accountId>').argument('<asset>'),
      'KYB_INCOMPLETE',
    ),
  )
    .description("fail one ONBOARDING asset's onboarding with a reason")
    .action(
      run((id: string, asset: string, opts: ReasonOptions) =>
        call(
          opts,
          'POST',
          `/admin/v1/accounts/${seg(id)}/assets/${seg(asset)}/fail`,
          reasonOf(opts),
          accountLine,
        ),
      ),
    );
  for (const verb of ['freeze', 'unfreeze'] as const) {
    common(accounts.command(verb).argument('<accountId>'))
      .description(verb === 'freeze' ? 'freeze an ACTIVE account' : 'unfreeze a FROZEN account')
      .action(
        run((id: string, opts: AdminOptions) =>
          call(opts, 'POST', `/admin/v1/accounts/${seg(id)}/${verb}`, undefined, accountLine),
        ),
      );
  }
}
