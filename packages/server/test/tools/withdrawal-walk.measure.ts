import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import {
  STEP_MS,
  getOperation,
  postWithdrawal,
  type OperationBody,
} from '../helpers/operations.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { activeAccount, approvedBeneficiary } from '../helpers/world.js';

/**
 * Not a test: a measurement (issue 16 point 1). Which source files and folders one withdrawal
 * runs code in, from its route to its settlement, read from V8's precise coverage: the counters
 * are reset just before the request and read after the settlement step, so set-up (token,
 * account, deposit, beneficiary) is not counted. Run with
 *   npx vitest run --config packages/server/test/tools/vitest.tools.config.ts
 */
let t: TestApp;
const clock = new ManualClock();
const session = new Session();
const src = fileURLToPath(new URL('../../src/', import.meta.url));

beforeAll(async () => {
  t = await createTestApp('sqlite', {
    clock,
    env: { COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS) },
  });
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterAll(() => t.close());

it('walks one withdrawal from its route to its settlement', async () => {
  const { token } = await t.customer();
  const accountId = await activeAccount(t, clock, token, {
    fund: { asset: 'BRL', amount: '100.00' },
  });
  const to = await approvedBeneficiary(t, clock, token);
  await session.post('Profiler.takePreciseCoverage'); // reset: set-up is not the walk
  const res = await postWithdrawal(t, token, {
    accountId,
    asset: 'BRL',
    amount: '10.00',
    beneficiary: to,
  });
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(STEP_MS * 2);
  await runDueJobs(t);
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const op = await getOperation(t, token, res.json<OperationBody>().id);
  expect(op.status).toBe('COMPLETED');
  const files = result
    .filter((script) => script.url.includes('/packages/server/src/'))
    .filter((script) =>
      script.functions.some((f) => f.ranges[0]!.count > 0 && f.functionName !== ''),
    )
    .map((script) => relative(src, fileURLToPath(script.url.split('?')[0]!)))
    .sort();
  const folders = new Set(files.map((f) => f.split('/').slice(0, -1).join('/') || '.'));
  console.log(`${files.length} files in ${folders.size} folders\n${files.join('\n')}`);
});
