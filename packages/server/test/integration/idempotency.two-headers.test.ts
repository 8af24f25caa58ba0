import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('Idempotency-Key and X-Idempotency-Key together on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  const open = (headers: Record<string, string>) =>
    t.as(token, { method: 'POST', url: '/v1/accounts', payload: { type: 'CHECKING' }, headers });

  it('refuses two different keys with 400 INVALID_DATA naming the header, creating nothing', async () => {
    const res = await open({ 'idempotency-key': 'key-one', 'x-idempotency-key': 'key-two' });
    const problem = expectProblem(res, 400, 'INVALID_DATA');
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/X-Idempotency-Key', in: 'header' }),
    ]);
    const list = await t.as(token, { method: 'GET', url: '/v1/accounts' });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('takes the same key in both as one key, replayed by either header alone', async () => {
    const first = await open({ 'idempotency-key': 'same-key', 'x-idempotency-key': 'same-key' });
    expect(first.statusCode).toBe(201);
    const again = await open({ 'x-idempotency-key': 'same-key' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
  });
});
