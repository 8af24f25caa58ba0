import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { loggerOptions } from '../../src/logger.js';
import { ADMIN_ENV, ADMIN_TOKEN } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';

// docs/admin.md: the admin token never reaches a log line, right or wrong, at debug level too.
describe.each(ENGINES)('admin token in logs on %s', (engine) => {
  const raw: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const base = loggerOptions(loadConfig({ COFRE_LOG_LEVEL: 'trace' }));
    if (typeof base !== 'object') throw new Error('expected logger options');
    t = await createTestApp(engine, {
      env: ADMIN_ENV,
      logger: { ...base, stream: { write: (line: string) => void raw.push(line) } },
    });
  });
  afterAll(() => t.close());

  it.each([
    ['the right token', ADMIN_TOKEN],
    ['a wrong one', `${ADMIN_TOKEN}-almost`],
  ])('does not log %s', async (_, presented) => {
    raw.length = 0;
    const requestId = `admin-redact-${presented.length}`;
    await t.app.inject({
      method: 'POST',
      url: '/admin/v1/customers',
      headers: { authorization: `Bearer ${presented}`, 'x-request-id': requestId },
      payload: { name: 'Logged Ltda' },
    });
    await waitFor('the completion line', () =>
      raw.find((line) => line.includes(requestId) && line.includes('request completed')),
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.join('\n')).not.toContain(ADMIN_TOKEN);
  });
});
