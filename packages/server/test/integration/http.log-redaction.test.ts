import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { loggerOptions } from '../../src/logger.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';

interface LogLine {
  msg?: string;
  requestId?: string;
  url?: string;
}

/** [request url, url as it must be logged]; every value starting `S3CRET` is a credential. */
const CASES: [string, string][] = [
  ['/v1/accounts?access_token=S3CRET-a', '/v1/accounts?access_token=[redacted]'],
  [
    '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ?limit=5&client_secret=S3CRET-b&sortOrder=ASCENDING',
    '/v1/accounts/acc_01ZZZZZZZZZZZZZZZZZZZZZZZZ?limit=5&client_secret=[redacted]&sortOrder=ASCENDING',
  ],
  [
    '/v1/oauth/client/token?clientSecret=S3CRET-c',
    '/v1/oauth/client/token?clientSecret=[redacted]',
  ],
  [
    '/v1/accounts?Access_Token=S3CRET-d&ACCESSTOKEN=S3CRET-e',
    '/v1/accounts?Access_Token=[redacted]&ACCESSTOKEN=[redacted]',
  ],
  [
    '/v1/accounts?token=S3CRET-f&password=S3CRET-g&secret=S3CRET-h',
    '/v1/accounts?token=[redacted]&password=[redacted]&secret=[redacted]',
  ],
  [
    '/v1/accounts?api-key=S3CRET-i&webhook_secret=S3CRET-j',
    '/v1/accounts?api-key=[redacted]&webhook_secret=[redacted]',
  ],
  ['/v1/accounts?access%5Ftoken=S3CRET-k', '/v1/accounts?access%5Ftoken=[redacted]'],
  ['/nope?secret=S3CRET-l&page=2', '/nope?secret=[redacted]&page=2'],
  ['/v1/accounts/%ZZ?token=S3CRET-m', '/v1/accounts/%ZZ?token=[redacted]'],
  ['/v1/accounts?limit=5&cursor=abc', '/v1/accounts?limit=5&cursor=abc'],
];

describe.each(ENGINES)('credentials in the URL on %s', (engine) => {
  const raw: string[] = [];
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const base = loggerOptions(loadConfig({ COFRE_LOG_LEVEL: 'info' }));
    if (typeof base !== 'object') throw new Error('expected logger options');
    t = await createTestApp(engine, {
      logger: { ...base, stream: { write: (line: string) => void raw.push(line) } },
    });
    ({ token } = await t.customer('Leaky integrator'));
  });
  afterAll(() => t.close());

  const completionOf = (requestId: string) =>
    raw
      .map((line) => JSON.parse(line) as LogLine)
      .find((line) => line.requestId === requestId && line.msg === 'request completed');

  it.each(CASES.map(([url, logged], i) => [i, url, logged] as const))(
    'case %i: logs %s with sensitive query values redacted',
    async (i, url, logged) => {
      const requestId = `redact-${engine}-${i}`;
      for (const authorization of [undefined, `Bearer ${token}`]) {
        raw.length = 0;
        const res = await t.app.inject({
          method: url.includes('/token') ? 'POST' : 'GET',
          url,
          headers: { 'x-request-id': requestId, ...(authorization ? { authorization } : {}) },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        const line = await waitFor(`the completion line of ${requestId}`, () =>
          completionOf(requestId),
        );
        expect(line.url).toBe(logged);
        expect(raw.join('\n')).not.toContain('S3CRET');
      }
    },
  );
});
