import type { Command } from 'commander';
import type { CliIo } from '../cli.js';
import { adminRequest, DEFAULT_ADMIN_URL, type AdminOptions } from './admin-http.js';

type Exit = (code: number) => void;
type Describe = (body: unknown, io: CliIo) => void;

const seg = encodeURIComponent;

/** Adds what every leaf takes: where the server is, JSON output, and who is acting. */
function common(command: Command): Command {
  return command
    .option('--url <url>', 'base URL of the cofre API', DEFAULT_ADMIN_URL)
    .option('--actor <label>', 'who is acting, for the audit log (X-Admin-Actor)')
    .option('--json', 'print the API answer as JSON');
}

/** Runs one call and prints its answer: as JSON with --json, otherwise `describe` (or JSON). */
async function call(
  io: CliIo,
  opts: AdminOptions,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  describe?: Describe,
): Promise<number> {
  const answer = await adminRequest(io, opts, method, path, body);
  if (!answer.ok) return answer.exitCode;
  if (opts.json || !describe) io.out(JSON.stringify(answer.body, null, opts.json ? 0 : 2));
  else describe(answer.body, io);
  return 0;
}

const credentials: Describe = (body, io) => {
  const b = body as Record<string, string | number>;
  for (const key of ['customerId', 'clientId', 'clientSecret', 'secretVersion']) {
    if (b[key] !== undefined) io.out(`${`${key}:`.padEnd(14)}${b[key]}`);
  }
  io.out('The secret is shown only now; store it safely.');
};

const reasonOf = (opts: { code: string; message: string }) => ({
  reason: { code: opts.code, message: opts.message },
});

/**
 * `cofre admin …`: the back-office over HTTP (docs/admin.md), so an operator never touches the
 * database. The token comes from COFRE_ADMIN_TOKEN, never from a flag (shell history). Unlike
 * `cofre clients create` (which writes the database directly, for bootstrap before the server
 * runs), every command here goes through the API and lands in the audit log.
 */
export function adminCommands(program: Command, io: CliIo, exit: Exit): void {
  const admin = program
    .command('admin')
    .description('back-office actions through the admin API (token: COFRE_ADMIN_TOKEN)');
  const run =
    <A extends unknown[]>(fn: (...args: A) => Promise<number>) =>
    async (...args: A) =>
      exit(await fn(...args));

  const customers = admin.command('customers').description('customers');
  common(customers.command('create').requiredOption('--name <name>', 'customer name'))
    .description('create a customer with one API client; prints its secret once')
    .action(
      run((opts: AdminOptions & { name: string }) =>
        call(io, opts, 'POST', '/admin/v1/customers', { name: opts.name }, credentials),
      ),
    );
  common(customers.command('get').argument('<customerId>'))
    .description('look up a customer')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'GET', `/admin/v1/customers/${seg(id)}`),
      ),
    );

  const clients = admin.command('clients').description("customers' API clients");
  common(clients.command('list').argument('<customerId>'))
    .description("list a customer's API clients (never their secrets)")
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'GET', `/admin/v1/customers/${seg(id)}/clients`),
      ),
    );
  common(clients.command('create').argument('<customerId>').option('--name <name>', 'client name'))
    .description('create another API client for a customer; prints its secret once')
    .action(
      run((id: string, opts: AdminOptions & { name?: string }) =>
        call(
          io,
          opts,
          'POST',
          `/admin/v1/customers/${seg(id)}/clients`,
          opts.name !== undefined ? { name: opts.name } : {},
          credentials,
        ),
      ),
    );
  common(clients.command('rotate-secret').argument('<clientId>'))
    .description("replace a client's secret; prints the new one once")
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'POST', `/admin/v1/clients/${seg(id)}/rotateSecret`, undefined, credentials),
      ),
    );
  for (const verb of ['disable', 'enable'] as const) {
    common(clients.command(verb).argument('<clientId>'))
      .description(verb === 'disable' ? 'disable an API client' : 're-enable an API client')
      .action(
        run((id: string, opts: AdminOptions) =>
          call(io, opts, 'POST', `/admin/v1/clients/${seg(id)}/${verb}`),
        ),
      );
  }

  const instructions = admin.command('instructions').description('payment instruction reviews');
  common(instructions.command('get').argument('<instructionId>'))
    .description('show a payment instruction')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'GET', `/admin/v1/paymentInstructions/${seg(id)}`),
      ),
    );
  common(instructions.command('approve').argument('<instructionId>'))
    .description('approve a PENDING_REVIEW instruction')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'POST', `/admin/v1/paymentInstructions/${seg(id)}/approve`),
      ),
    );
  common(
    instructions
      .command('reject')
      .argument('<instructionId>')
      .requiredOption('--code <code>', 'reason code, e.g. COMPLIANCE_REJECTED')
      .requiredOption('--message <message>', 'reason, in words'),
  )
    .description('reject a PENDING_REVIEW instruction with a reason')
    .action(
      run((id: string, opts: AdminOptions & { code: string; message: string }) =>
        call(io, opts, 'POST', `/admin/v1/paymentInstructions/${seg(id)}/reject`, reasonOf(opts)),
      ),
    );

  const accounts = admin.command('accounts').description('account lifecycle');
  common(accounts.command('get').argument('<accountId>'))
    .description('show an account')
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'GET', `/admin/v1/accounts/${seg(id)}`),
      ),
    );
  common(accounts.command('activate-asset').argument('<accountId>').argument('<asset>'))
    .description('finish onboarding of one ONBOARDING asset')
    .action(
      run((id: string, asset: string, opts: AdminOptions) =>
        call(io, opts, 'POST', `/admin/v1/accounts/${seg(id)}/assets/${seg(asset)}/activate`),
      ),
    );
  common(
    accounts
      .command('fail-asset')
      .argument('<accountId>')
      .argument('<asset>')
      .requiredOption('--code <code>', 'reason code, e.g. KYB_INCOMPLETE')
      .requiredOption('--message <message>', 'reason, in words'),
  )
    .description("fail one ONBOARDING asset's onboarding with a reason")
    .action(
      run((id: string, asset: string, opts: AdminOptions & { code: string; message: string }) =>
        call(
          io,
          opts,
          'POST',
          `/admin/v1/accounts/${seg(id)}/assets/${seg(asset)}/fail`,
          reasonOf(opts),
        ),
      ),
    );
  for (const verb of ['freeze', 'unfreeze'] as const) {
    common(accounts.command(verb).argument('<accountId>'))
      .description(verb === 'freeze' ? 'freeze an ACTIVE account' : 'unfreeze a FROZEN account')
      .action(
        run((id: string, opts: AdminOptions) =>
          call(io, opts, 'POST', `/admin/v1/accounts/${seg(id)}/${verb}`),
        ),
      );
  }

  const operations = admin
    .command('operations')
    .description('deposits and withdrawals (what drives them in production)');
  common(operations.command('get').argument('<operationId>'))
    .description("show any customer's operation")
    .action(
      run((id: string, opts: AdminOptions) =>
        call(io, opts, 'GET', `/admin/v1/operations/${seg(id)}`),
      ),
    );
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
          io,
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
        call(
          io,
          opts,
          'POST',
          `/admin/v1/operations/${seg(id)}/complete`,
          undefined,
          operationLine,
        ),
      ),
    );
  common(
    operations
      .command('fail')
      .argument('<operationId>')
      .requiredOption('--code <code>', 'reason code, e.g. RAIL_REJECTED')
      .requiredOption('--message <message>', 'reason, in words'),
  )
    .description('fail a REQUESTED or PROCESSING operation (a withdrawal is released)')
    .action(
      run((id: string, opts: AdminOptions & { code: string; message: string }) =>
        call(
          io,
          opts,
          'POST',
          `/admin/v1/operations/${seg(id)}/fail`,
          reasonOf(opts),
          operationLine,
        ),
      ),
    );

  common(
    operations
      .command('reverse')
      .argument('<operationId>')
      .requiredOption('--code <code>', 'reason code, e.g. FRAUD_CONFIRMED')
      .requiredOption('--message <message>', 'reason, in words'),
  )
    .description(
      'reverse a COMPLETED deposit or withdrawal with a new REVERSAL operation (once; docs/admin.md "Reversals")',
    )
    .action(
      run((id: string, opts: AdminOptions & { code: string; message: string }) =>
        call(
          io,
          opts,
          'POST',
          `/admin/v1/operations/${seg(id)}/reverse`,
          reasonOf(opts),
          operationLine,
        ),
      ),
    );

  const rates = admin
    .command('rates')
    .description('production exchange rates (docs/admin.md "Rates")');
  common(rates.command('list'))
    .description('list the stored rates, one per directed pair')
    .action(
      run((opts: AdminOptions) => call(io, opts, 'GET', '/admin/v1/rates', undefined, rateLines)),
    );
  common(rates.command('set').argument('<base>').argument('<quote>').argument('<rate>'))
    .description('set how much QUOTE one BASE buys (spread included), e.g. set BRL USDT 0.185')
    .action(
      run((base: string, quote: string, rate: string, opts: AdminOptions) =>
        call(io, opts, 'PUT', `/admin/v1/rates/${seg(base)}/${seg(quote)}`, { rate }, (body, out) =>
          rateLines({ data: [body] }, out),
        ),
      ),
    );

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
      run(
        (
          opts: AdminOptions & {
            action?: string;
            subjectId?: string;
            limit?: string;
            cursor?: string;
          },
        ) => {
          const query = new URLSearchParams();
          if (opts.action) query.set('action', opts.action);
          if (opts.subjectId) query.set('subjectId', opts.subjectId);
          if (opts.limit) query.set('limit', opts.limit);
          if (opts.cursor) query.set('cursor', opts.cursor);
          const qs = query.size > 0 ? `?${query.toString()}` : '';
          return call(io, opts, 'GET', `/admin/v1/auditLog${qs}`, undefined, auditLines);
        },
      ),
    );
}

const operationLine: Describe = (body, io) => {
  const { operation: op } = body as {
    operation: { id: string; type: string; status: string; amount: string; asset: string };
  };
  io.out(`${op.id}  ${op.type} ${op.amount} ${op.asset}  ${op.status}`);
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

const rateLines: Describe = (body, io) => {
  const { data } = body as {
    data: { base: string; quote: string; rate: string; updatedAt: string }[];
  };
  // An empty answer must still say something: silence reads as a hang or a failure.
  if (data.length === 0) io.out('no rates set; `cofre admin rates set BASE QUOTE RATE` sets one');
  for (const r of data) io.out(`${r.base}/${r.quote}  ${r.rate}  (set ${r.updatedAt})`);
};
