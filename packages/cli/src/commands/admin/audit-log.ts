import type { Command } from 'commander';
import type { AdminCli, Describe } from './admin-command.js';
import { common, listQuery, paged } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';

type ListOptions = AdminOptions & { action?: string; subjectId?: string };

const auditLines: Describe = (body, io) => {
  const page = body as {
    data: {
      createdAt: string;
      action: string;
      subjectType: string;
      subjectId: string;
      actor: string;
    }[];
    meta: { nextCursor: string | null };
  };
  if (page.data.length === 0) io.out('no audit entries');
  for (const e of page.data) {
    io.out(
      `${e.createdAt}  ${e.action.padEnd(28)}  ${e.subjectType} ${e.subjectId}  by ${e.actor}`,
    );
  }
  if (page.meta.nextCursor) io.out(`more: --cursor ${page.meta.nextCursor}`);
};

/** `cofre admin audit-log list`: one page of admin actions, newest first. */
export function auditLogCommands(admin: Command, { run, call }: AdminCli): void {
  const auditLog = admin.command('audit-log').description('the audit log of admin actions');
  common(
    paged(
      auditLog
        .command('list')
        .option('--action <action>', 'only this action, e.g. ACCOUNT_FROZEN')
        .option(
          '--subject-id <id>',
          'only actions on this customer, client, instruction, account or operation',
        ),
    ),
  )
    .description('list admin actions, newest first (one page; --json prints the page)')
    .action(
      run((opts: ListOptions) =>
        call(
          opts,
          'GET',
          `/admin/v1/auditLog${listQuery(opts, { action: 'action', subjectId: 'subjectId' })}`,
          undefined,
          auditLines,
        ),
      ),
    );
}
