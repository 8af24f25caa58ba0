import type { Command } from 'commander';
import type { AdminCli, ReasonOptions } from './admin-command.js';
import { common, listQuery, paged, reasonOf, seg, withReason } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';
import { instructionLine, instructionPage } from './admin-views.js';

type ListOptions = AdminOptions & { status?: string; customerId?: string; beneficiaryId?: string };

/** `cofre admin instructions list | get | approve | reject`: the review of payment instructions. */
export function instructionsCommands(admin: Command, { run, call }: AdminCli): void {
  const instructions = admin.command('instructions').description('payment instruction reviews');
  common(
    paged(
      instructions
        .command('list')
        .option('--status <status>', 'only this review state, e.g. PENDING_REVIEW (the queue)')
        .option('--customer-id <id>', "only this customer's instructions")
        .option('--beneficiary-id <id>', "only this beneficiary's instructions"),
    ),
  )
    .description("list every customer's payment instructions with their holder, newest first")
    .action(
      run((opts: ListOptions) => {
        const query = listQuery(opts, {
          status: 'status',
          customerId: 'customerId',
          beneficiaryId: 'beneficiaryId',
        });
        return call(
          opts,
          'GET',
          `/admin/v1/paymentInstructions${query}`,
          undefined,
          instructionPage,
        );
      }),
    );
  common(instructions.command('get').argument('<instructionId>'))
    .description('show a payment instruction')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/paymentInstructions/${seg(id)}`, undefined, instructionLine),
      ),
    );
  common(instructions.command('approve').argument('<instructionId>'))
    .description('approve a PENDING_REVIEW instruction')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(
          opts,
          'POST',
          `/admin/v1/paymentInstructions/${seg(id)}/approve`,
          undefined,
          instructionLine,
        ),
      ),
    );
  common(
    withReason(instructions.command('reject').argument('<instructionId>'), 'COMPLIANCE_REJECTED'),
  )
    .description('reject a PENDING_REVIEW instruction with a reason')
    .action(
      run((id: string, opts: ReasonOptions) =>
        call(
          opts,
          'POST',
          `/admin/v1/paymentInstructions/${seg(id)}/reject`,
          reasonOf(opts),
          instructionLine,
        ),
      ),
    );
}
