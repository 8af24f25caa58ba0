import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';
const BODY_LIMIT = 65_536;

/** A JSON object of unknown fields, as close to `bytes` long as the fields allow. */
function unknownFields(bytes: number, nameLength = 6): { payload: string; count: number } {
  const fields: Record<string, number> = {};
  let size = 2;
  let count = 0;
  while (true) {
    const name = `f${String(count).padStart(nameLength - 1, '0')}`;
    const entry = JSON.stringify(name).length + 3;
    if (size + entry > bytes) break;
    fields[name] = 1;
    size += entry;
    count += 1;
  }
  return { payload: JSON.stringify(fields), count };
}

describe.each(ENGINES)('error response size on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine, { env: { COFRE_BODY_LIMIT_BYTES: String(BODY_LIMIT) } });

  beforeAll(async () => {
    ({ token } = await t.customer('Amplifier'));
  });

  it.each([
    ['the unauthenticated token endpoint', TOKEN_URL, false],
    ['POST /v1/accounts', '/v1/accounts', true],
    ['POST /v1/subscriptions', '/v1/subscriptions', true],
  ] as const)(
    'answers a 64 KiB body of unknown fields on %s with under 8 KiB, 20 errors and a count of the rest',
    async (_name, url, authed) => {
      const { payload, count } = unknownFields(BODY_LIMIT - 64);
      expect(payload.length).toBeGreaterThan(60_000);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(authed ? { authorization: `Bearer ${token}` } : {}),
        },
        payload,
      });
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(res.rawPayload.length).toBeLessThan(8 * 1024);
      expect(problem.errors).toHaveLength(20);
      // Every unknown field and each missing required one is counted: listed + omitted = all.
      const total = 20 + (problem.errorsOmitted as number);
      expect(total).toBeGreaterThanOrEqual(count);
      expect(total).toBeLessThanOrEqual(count + 2);
      expect(problem.detail).toMatch(/And \d+ more \(see errors\)\.$/);
    },
  );

  it('lists every error and no count when there are 20 or fewer', async () => {
    const fields = Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`extra${i}`, i]));
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', ...fields },
    });
    const problem = expectProblem(res, 400, 'INVALID_DATA');
    expect(problem.errors).toHaveLength(19);
    expect(problem).not.toHaveProperty('errorsOmitted');
  });

  it('echoes an over-long field name clipped, as a valid JSON Pointer', async () => {
    const long = `a/b~c${'x'.repeat(10_000)}`;
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', [long]: 1 },
    });
    const problem = expectProblem(res, 400, 'INVALID_DATA');
    expect(res.rawPayload.length).toBeLessThan(2048);
    const [error] = problem.errors ?? [];
    expect(error?.code).toBe('UNKNOWN_FIELD');
    // RFC 6901: "/" is written "~1" and "~" is written "~0"; the name is cut at 64 characters.
    expect(error?.pointer).toBe(`/a~1b~0c${'x'.repeat(59)}…`);
  });

  it('echoes no more than 200 characters of an unknown path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${'p'.repeat(8000)}` });
    const problem = expectProblem(res, 404, 'ROUTE_NOT_FOUND');
    expect(problem.detail.length).toBeLessThan(260);
  });
});
