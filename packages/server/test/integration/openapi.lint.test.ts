import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV } from '../helpers/admin.js';
import { createTestApp } from '../helpers/test-app.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer: string }[];
  }[];
}

/** Warnings that redocly.yaml justifies (each with its reason there); any other is a failure. */
const JUSTIFIED_WARNINGS = ['no-illogical-composition-keywords'];

// The document does not depend on the storage engine: one engine is enough here.
describe.each([
  ['without the back-office', {}],
  ['with the back-office', ADMIN_ENV],
] as const)('the served OpenAPI document %s', (_name, env) => {
  const dir = mkdtempSync(join(tmpdir(), 'cofre-openapi-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes `redocly lint` (recommended rules) with 0 errors and only justified warnings', async () => {
    const t = await createTestApp('sqlite', { env });
    let file: string;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(res.statusCode).toBe(200);
      file = join(dir, 'openapi.json');
      writeFileSync(file, res.body);
    } finally {
      await t.close();
    }
    // Exits 1 when there are errors; the JSON report says which either way.
    const { stdout } = await run(
      process.execPath,
      [CLI, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json'],
      { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as LintReport;
    const unexpected = report.problems
      .filter((p) => p.severity === 'error' || !JUSTIFIED_WARNINGS.includes(p.ruleId))
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(unexpected).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});
