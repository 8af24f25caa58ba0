import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Many HTTP clients send `Content-Type: application/json` on every POST; a body-less POST with
// that header and nothing after it is no body (docs/errors.md MALFORMED_JSON).
describe.each(ENGINES)('an empty JSON body on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  const json = { 'content-type': 'application/json' };

  it('is no body on a body-less POST: the route answers as it would without the header', async () => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/op_01JD6Q3W8ZK2C1V7R4X9B5N0AR/cancel',
      headers: json,
      payload: '',
    });
    expectProblem(res, 404, 'RESOURCE_NOT_FOUND');
  });

  it('is a missing body where one is needed: 400 INVALID_DATA as without the header, not MALFORMED_JSON', async () => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/quotes',
      headers: json,
      payload: '',
    });
    const problem = expectProblem(res, 400, 'INVALID_DATA');
    const withoutHeader = await t.as(token, { method: 'POST', url: '/v1/quotes' });
    expect(problem.errors).toEqual(expectProblem(withoutHeader, 400, 'INVALID_DATA').errors);
  });

  it('still refuses JSON that is not JSON, and prototype poisoning', async () => {
    const bad = await t.as(token, {
      method: 'POST',
      url: '/v1/quotes',
      headers: json,
      payload: '{',
    });
    expectProblem(bad, 400, 'MALFORMED_JSON');
    const poisoned = await t.as(token, {
      method: 'POST',
      url: '/v1/quotes',
      headers: json,
      payload: '{"__proto__":{"x":1},"accountId":"acc_1"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
