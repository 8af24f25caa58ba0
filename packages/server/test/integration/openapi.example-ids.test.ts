import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { sandboxStep, useSandboxApp } from '../helpers/world.js';

type Media = { example?: Record<string, unknown> };
type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, Media> } }>>;
};

/**
 * Issue 27 point 7: the deposit example of /docs answered 404 as sent, while the README said the
 * examples worked as sent. Its `accountId` is the documentation's example id, nobody's: sent as
 * is, the 404 now says so and what to send instead, and with the reader's own account (what the
 * README and docs/api.md tell them to put there) the example is accepted.
 */
describe.each(ENGINES)('the OpenAPI examples that name ids, on %s', (engine) => {
  const { t, clock } = useSandboxApp(engine);

  const exampleOf = async (path: string): Promise<Record<string, unknown>> => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApi>();
    const example = document.paths[path]?.post?.requestBody?.content['application/json']?.example;
    expect(example, path).toBeDefined();
    return example!;
  };

  it("answers the deposit example sent as is with a 404 that names the documentation's example id", async () => {
    const { token } = await t.customer();
    const deposit = await exampleOf('/v1/operations/deposit');
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: deposit,
    });
    const problem = expectProblem(res, 404, 'RESOURCE_NOT_FOUND');
    expect(problem.detail).toContain(String(deposit.accountId));
    expect(problem.detail).toMatch(/the API documentation's example id.*GET \/v1\/accounts/);
  });

  it('accepts the deposit example once its accountId is one of the customer’s own accounts', async () => {
    const { token } = await t.customer();
    const opened = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: await exampleOf('/v1/accounts'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await sandboxStep(t, clock); // the account's assets become ACTIVE
    const deposit = await exampleOf('/v1/operations/deposit');
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { ...deposit, accountId: opened.json<{ id: string }>().id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'DEPOSIT', status: 'REQUESTED' });
  });

  it('keeps the plain detail for an id that is not an example', async () => {
    const { token } = await t.customer();
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AT', asset: 'BRL', amount: '1.00' },
    });
    expect(expectProblem(res, 404, 'RESOURCE_NOT_FOUND').detail).toBe(
      'Account acc_01JD6Q3W8ZK2C1V7R4X9B5N0AT was not found.',
    );
  });
});
