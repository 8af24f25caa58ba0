import type { Command } from 'commander';
import type { AdminCli, ReasonOptions } from './admin-command.js';
import { common, reasonOf, seg, withReason } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';

/** `cofre admin instructions get | approve | reject`: the review of payment instructions. */
export function instructionsCommands(admin: Command, { run, call }: AdminCli): void {
  const instructions = admin.command('instructions').description('payment instruction reviews');
  common(instructions.command('get').argument('<instructionId>'))
    .description('show a payment instruction')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'GET', `/admin/v1/paymentInstructions/${seg(id)}`),
      ),
    );
  common(instructions.command('approve').argument('<instructionId>'))
    .description('approve a PENDING_REVIEW instruction')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(opts, 'POST', `/admin/v1/paymentInstructions/${seg(id)}/approve`),
      ),
    );
  common(
    withReason(instructions.command('reject').argument('<instructionId>'), 'COMPLIANCE_REJECTED'),
  )
    .description('reject a PENDING_REVIEW instruction with a reason')
    .action(
      run((id: string, opts: ReasonOptions) =>
        call(opts, 'POST', `/admin/v1/paymentInstructions/${seg(id)}/reject`, reasonOf(opts)),
      ),
    );
}
