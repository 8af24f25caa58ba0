import { writeFile } from 'node:fs/promises';
import { signTestWebhook, type SignatureFormat } from '@cofre/sdk/webhooks';
import type { Command } from 'commander';
import type { CliIo } from '../cli.js';
import { FORWARD_TIMEOUT_MS } from './listen/forward.js';
import { checkTable } from './webhooks/check-table.js';
import { junitReport } from './webhooks/junit-report.js';
import { probeCheckEndpoint, runCheck, type CheckTarget } from './webhooks/run-check.js';

export interface CheckOptions {
  secret?: string;
  format: string;
  checkUrl?: string;
  timeoutMs?: string;
  junit?: string;
  json?: boolean;
}

const FORMATS: readonly SignatureFormat[] = ['cofre', 'standard-webhooks'];

/** Registers `cofre webhooks …` (from cli.ts): tools for the receiving side of webhooks. */
export function webhooksCommands(program: Command, io: CliIo, exit: (code: number) => void) {
  const webhooks = program
    .command('webhooks')
    .description('tools for receivers of cofre webhooks (docs/webhooks.md)');
  webhooks
    .command('check')
    .description(
      'grade a webhook receiver: send it signed test deliveries and check what it did (docs/webhooks.md "Grade your receiver")',
    )
    .argument('<url>', "the receiver's webhook URL, e.g. http://localhost:3000/webhooks")
    .option(
      '--secret <secret>',
      'the secret it verifies with, whsec_…; or an Ed25519 private key whsk_… (standard-webhooks format, v1a) whose whpk_ public key it verifies with (default: COFRE_WEBHOOK_SECRET)',
    )
    .option('--format <format>', 'how deliveries are signed: cofre or standard-webhooks', 'cofre')
    .option('--check-url <url>', "the receiver's check endpoint (default: <url>/cofre-check)")
    .option('--timeout-ms <ms>', 'how long each answer may take (default: 10000, as cofre)')
    .option('--junit <file>', 'also write the results as JUnit XML, for CI')
    .option('--json', 'print the results as one JSON object instead of a table')
    .action(async (url: string, opts: CheckOptions) => {
      exit(await checkReceiver(io, url, opts));
    });
}

/**
 * `cofre webhooks check URL`: runs every case against the receiver and prints the grade.
 * Exit codes: 0 every case passed, 1 a case failed (or the JUnit file could not be written),
 * 2 bad usage.
 */
export async function checkReceiver(io: CliIo, url: string, opts: CheckOptions): Promise<number> {
  const target = checkTarget(io, url, opts);
  if (typeof target === 'number') return target;
  const problem = await probeCheckEndpoint(target);
  if (problem !== null) {
    io.err(
      `cofre: the check endpoint ${target.checkBase} does not answer as docs/webhooks.md "Grade your receiver" describes (${problem}); every case that reads it fails.`,
    );
  }
  const startedAt = new Date();
  const results = await runCheck(target);
  if (opts.json) {
    io.out(JSON.stringify({ url: target.url.href, format: target.format, results }));
  } else {
    io.out(
      `Grading ${target.url.href} (format ${target.format}; check endpoint ${target.checkBase})`,
    );
    io.out('');
    checkTable(results).forEach((line) => io.out(line));
  }
  if (opts.junit !== undefined) {
    const report = junitReport(results, { url: target.url.href, format: target.format, startedAt });
    try {
      await writeFile(opts.junit, report);
    } catch (error) {
      io.err(
        `cofre: cannot write ${opts.junit}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 1;
    }
  }
  return results.every((r) => r.pass) ? 0 : 1;
}

/** The receiver and how to grade it, or 2 (usage) with why on stderr. */
function checkTarget(io: CliIo, url: string, opts: CheckOptions): CheckTarget | number {
  const usage = (message: string) => {
    io.err(`cofre: ${message}`);
    return 2;
  };
  const receiver = httpUrl(url);
  if (receiver === null)
    return usage(`the receiver must be an http:// or https:// URL (got "${url}")`);
  const check = httpUrl(opts.checkUrl ?? `${stripQuery(receiver)}/cofre-check`);
  if (check === null) return usage(`--check-url must be an http:// or https:// URL`);
  const secret = opts.secret ?? io.env.COFRE_WEBHOOK_SECRET;
  if (!secret) return usage('give --secret whsec_… or set COFRE_WEBHOOK_SECRET');
  if (!FORMATS.includes(opts.format as SignatureFormat)) {
    return usage('--format is cofre or standard-webhooks');
  }
  try {
    // Signing a probe message checks the secret or key is well formed for its format.
    signTestWebhook({ secret, payload: '{}', format: opts.format as SignatureFormat });
  } catch (error) {
    return usage(`--secret: ${error instanceof Error ? error.message : String(error)}`);
  }
  const timeoutMs = opts.timeoutMs === undefined ? FORWARD_TIMEOUT_MS : Number(opts.timeoutMs);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) {
    return usage('--timeout-ms is a whole number of milliseconds from 1 to 60000');
  }
  return {
    url: receiver,
    checkBase: stripQuery(check),
    format: opts.format as SignatureFormat,
    secret,
    timeoutMs,
  };
}

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The URL without query, fragment or trailing slash: a base other paths are appended to. */
function stripQuery(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
