import type { Command } from 'commander';
import type { AdminCli, Describe } from './admin-command.js';
import { common } from './admin-command.js';
import type { AdminOptions } from './admin-http.js';

type ListOptions = AdminOptions & {
  action?: string;
  subjectId?: string;
  limit?: string;
  cursor?: string;
};

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

/** The query string of one page of the audit log. */
function auditQuery(opts: ListOptions): string {
  const query = new URLSearchParams();
  if (opts.action) query.set('action', opts.action);
  if (opts.subjectId) query.set('subjectId', opts.subjectId);
  if (opts.limit) query.set('limit', opts.limit);
  if (opts.cursor) query.set('cursor', opts.cursor);
  return query.size > 0 ? `?${query.toString()}` : '';
}

/** `cofre admin audit-log list`: one page of admin actions, newest first. */
export function auditLogCommands(admin: Command, { run, call }: AdminCli): void {
  const auditLog = admin.command('audit-log').description('the audit log of admin actions');
  common(
    auditLog
      .command('list')
      .option('--action <action>', 'only this action, e.g. ACCOUNT_FROZEN')
      .option(
        '--subject-id <id>',
        'only actions on this customer, client, instruction, account or operation',
      )
      .option('--limit <n>', 'entries per page (1-100)')
      .option('--cursor <cursor>', 'meta.nextCursor of an earlier page'),
  )
    .description('list admin actions, newest first (one page; --json prints the page)')
    .action(
      run((opts: ListOptions) =>
        call(opts, 'GET', `/admin/v1/auditLog${auditQuery(opts)}`, undefined, auditLines),
      ),
    );
}
