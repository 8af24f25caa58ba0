import type { Command } from 'commander';
import type { CliIo } from '../../cli.js';
import { accountsCommands } from './accounts.js';
import { adminCli } from './admin-command.js';
import { auditLogCommands } from './audit-log.js';
import { clientsCommands } from './clients.js';
import { customersCommands } from './customers.js';
import { instructionsCommands } from './instructions.js';
import { operationsCommands } from './operations.js';
import { ratesCommands } from './rates.js';

/**
 * `cofre admin …`: the back-office over HTTP (docs/admin.md), so an operator never touches the
 * database. The token comes from COFRE_ADMIN_TOKEN, never from a flag (shell history). Unlike
 * `cofre clients create` (which writes the database directly, for bootstrap before the server
 * runs), every command here goes through the API and lands in the audit log. One file per
 * resource, as the server's modules/admin has one route plugin per resource; in this order
 * `cofre admin --help` lists them.
 */
export function adminCommands(program: Command, io: CliIo, exit: (code: number) => void): void {
  const admin = program
    .command('admin')
    .description('back-office actions through the admin API (token: COFRE_ADMIN_TOKEN)');
  const cli = adminCli(io, exit);
  customersCommands(admin, cli);
  clientsCommands(admin, cli);
  instructionsCommands(admin, cli);
  accountsCommands(admin, cli);
  operationsCommands(admin, cli);
  ratesCommands(admin, cli);
  auditLogCommands(admin, cli);
}
