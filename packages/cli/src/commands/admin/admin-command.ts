import type { Command } from 'commander';
import type { CliIo } from '../../cli.js';
import { adminRequest, DEFAULT_ADMIN_URL, type AdminOptions } from './admin-http.js';

/** How a command prints a successful answer without --json. */
export type Describe = (body: unknown, io: CliIo) => void;

/** What every resource's commands are registered with (cli.ts hands it to adminCommands). */
export interface AdminCli {
  io: CliIo;
  /** An action that runs `fn` and ends the command with its exit code. */
  run: <A extends unknown[]>(fn: (...args: A) => Promise<number>) => (...args: A) => Promise<void>;
  /**
   * Runs one call and prints its answer: one JSON value with --json, otherwise `describe`'s
   * text lines (the CLI's one output rule: docs/admin.md "CLI").
   */
  call: (
    opts: AdminOptions,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    body: unknown,
    describe: Describe,
  ) => Promise<number>;
}

export function adminCli(io: CliIo, exit: (code: number) => void): AdminCli {
  return {
    io,
    run:
      (fn) =>
      async (...args) =>
        exit(await fn(...args)),
    call: async (opts, method, path, body, describe) => {
      const answer = await adminRequest(io, opts, method, path, body);
      if (!answer.ok) return answer.exitCode;
      if (opts.json) io.out(JSON.stringify(answer.body));
      else describe(answer.body, io);
      return 0;
    },
  };
}

/** A path segment from an argument. */
export const seg = encodeURIComponent;

/** Adds what every leaf takes: where the server is, JSON output, and who is acting. */
export function common(command: Command): Command {
  return command
    .option('--url <url>', 'base URL of the cofre API', DEFAULT_ADMIN_URL)
    .option('--actor <label>', 'who is acting, for the audit log (X-Admin-Actor)')
    .option('--json', 'print the API answer as JSON');
}

/** Adds a list's paging: `--limit` and `--cursor` (docs/api.md "Pagination"). */
export function paged(command: Command): Command {
  return command
    .option('--limit <n>', 'items per page (1-100, default 10)')
    .option('--cursor <cursor>', 'the `more: --cursor …` of an earlier page');
}

/**
 * The query string of a list: each option given (by its commander key) under its query
 * parameter's name, plus `limit` and `cursor`; empty when none is given.
 */
export function listQuery<O extends AdminOptions>(
  opts: O,
  filters: Partial<Record<keyof O & string, string>> = {},
): string {
  const given = opts as unknown as Record<string, unknown>;
  const query = new URLSearchParams();
  for (const [key, param] of Object.entries({ ...filters, limit: 'limit', cursor: 'cursor' })) {
    const value = given[key];
    if (typeof value === 'string' && typeof param === 'string') query.set(param, value);
  }
  return query.size > 0 ? `?${query.toString()}` : '';
}

/** Adds a decision's reason: `--code` (e.g. `example`) and `--message`. */
export function withReason(command: Command, example: string): Command {
  return command
    .requiredOption('--code <code>', `reason code, e.g. ${example}`)
    .requiredOption('--message <message>', 'reason, in words');
}

/** The options of a command taking a reason. */
export type ReasonOptions = AdminOptions & { code: string; message: string };

/** A reason body from `--code` and `--message`. */
export const reasonOf = (opts: { code: string; message: string }) => ({
  reason: { code: opts.code, message: opts.message },
});
