import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const vitest = fileURLToPath(new URL('node_modules/vitest/vitest.mjs', `file://${repository}`));
const config = fileURLToPath(new URL('../fixtures/exit-code/vitest.config.ts', import.meta.url));

describe('the test command', () => {
  // CI trusts `npm test`'s exit status: a run with a failing test must not exit 0, also when the
  // global set-up starts the embedded PostgreSQL (whose exit hook once turned every run into 0).
  it('exits non-zero when a test fails', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, TEST_ENGINES: 'sqlite,postgres' };
    delete env.TEST_DATABASE_URL;
    const status = await new Promise<number | null>((resolve) => {
      const child = execFile(process.execPath, [vitest, 'run', '--config', config], {
        cwd: repository,
        env,
        timeout: 120_000,
      });
      child.on('exit', (code) => resolve(code));
    });
    expect(status).toBe(1);
  }, 150_000);
});
