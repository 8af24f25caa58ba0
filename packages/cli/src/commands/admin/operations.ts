import type { Command } from 'commander';
import type { AdminCli, ReasonOptions } from './admin-command.js';
import { common, listQuery, paged, reasonOf, seg, withReason } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';
import { operationLine, operationPage } from './admin-views.js';

type ListOptions = AdminOptions & {
  status?: string;
  type?: string;
  customerId?: string;
  accountId?: string;
};

/** `cofre admin operations list | get | receive | complete | fail | reverse`. */
export function operationsCommands(admin: Command, cli: AdminCli): void {
  const operations = admin
    .command('operations')
    .description('deposits and withdrawals (what drives them in production)');
  const { run, call } = cli;
  common(
    paged(
      operations
        .command('list')
        .option('--status <status>', 'only this status, e.g. REQUESTED (waiting for you)')
        .option('--type <type>', 'only this type, e.g. DEPOSIT')
        .option('--customer-id <id>', "only this customer's operations")
        .option('--account-id <id>', "only this account's operations"),
    ),
  )
    .description("list every customer's operations, newest first (one page)")
    .action(
      run((opts: ListOptions) => {
        const query = listQuery(opts, {
          status: 'status',
          type: 'type',
          customerId: 'customerId',
          accountId: 'accountId',
        });
        return call(opts, 'GET', `/admin/v1/operations${query}`, undefined, operationPage);
      }),
    );
  common(operations.command('get').argument('<operationId>'))
    .description("show any customer's operation")
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/operations/${seg(id)}`, undefined, operationLine),
      ),
    );
  settlementCommands(operations, cli);
  common(withReason(operations.command('reverse').argument('<operationId>'), 'FRAUD_CONFIRMED'))
    .description(
      'reverse a COMPLETED deposit or withdrawal with a new REVERSAL operation (once; docs/admin.md "Reversals")',
    )
    .action(
      run((id: string, opts: ReasonOptions) =>
        call(
          opts,
          'POST',
          `/admin/v1/operations/${seg(id)}/reverse`,
          reasonOf(opts),
          operationLine,
        ),
      ),
    );
}

/** What production's rails report: a deposit arrived, a withdrawal was paid out, or it failed. */
function settlementCommands(operations: Command, { run, call }: AdminCli): void {
  common(
    operations
      .command('receive')
      .argument('<operationId>')
      .option('--amount <amount>', 'what arrived, if not the requested amount (e.g. 99.50)'),
  )
    .description('mark a REQUESTED deposit received: credit it and complete it')
    .action(
      run((id: string, opts: AdminOptions & { amount?: string }) =>
        call(
          opts,
          'POST',
          `/admin/v1/operations/${seg(id)}/receive`,
          opts.amount !== undefined ? { amount: opts.amount } : {},
          operationLine,
        ),
      ),
    );
  common(operations.command('complete').argument('<operationId>'))
    .description('complete a withdrawal (through PROCESSING if REQUESTED): its hold is captured')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'POST', `/admin/v1/operations/${seg(id)}/complete`, undefined, operationLine),
      ),
    );
  common(withReason(operations.command('fail').argument('<operationId>'), 'RAIL_REJECTED'))
    .description('fail a REQUESTED or PROCESSING operation (a withdrawal is released)')
    .action(
      run((id: string, opts: ReasonOptions) =>
        call(opts, 'POST', `/admin/v1/operations/${seg(id)}/fail`, reasonOf(opts), operationLine),
      ),
    );
}
