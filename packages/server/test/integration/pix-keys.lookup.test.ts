import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface Recipient {
  keyType: string;
  key: string;
  holder: { type: string; name: string; taxId: string };
  bank: { ispb: string; name: string } | null;
}

// Issue 8 point 5: GET /v1/pix/keys/{key} in the sandbox: type from shape, deterministic
// masked answer, the documented unknown family → 404, malformed → 400.
describe.each(ENGINES)('PIX key look-up in the sandbox on %s', (engine) => {
  let token: string;

  const t = useTestApp(engine);

  beforeAll(async () => {
    token = (await t.customer()).token;
  });

  const lookup = (key: string) =>
    t.as(token, { method: 'GET', url: `/v1/pix/keys/${encodeURIComponent(key)}` });

  it('answers the key, its holder masked and its bank, the same every time', async () => {
    const res = await lookup('Maria@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Recipient>()).toEqual({
      keyType: 'EMAIL',
      key: 'maria@example.com',
      holder: { type: 'INDIVIDUAL', name: 'Pau** Car** Gom**', taxId: '***.946.519-**' },
      bank: { ispb: '90400888', name: 'Banco Santander (Brasil) S.A.' },
    });
    expect((await lookup('maria@example.com')).json()).toEqual(res.json());
  });

  it('reads every key type from its shape', async () => {
    const cases: [string, string, string][] = [
      ['529.982.247-25', 'CPF', '52998224725'],
      ['11.222.333/0001-81', 'CNPJ', '11222333000181'],
      ['+5511987654321', 'PHONE', '+5511987654321'],
      ['123E4567-E12B-12D1-A456-426655440000', 'EVP', '123e4567-e12b-12d1-a456-426655440000'],
    ];
    for (const [raw, keyType, key] of cases) {
      const res = await lookup(raw);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Recipient>()).toMatchObject({ keyType, key });
    }
    expect((await lookup('529.982.247-25')).json<Recipient>().holder).toEqual({
      type: 'INDIVIDUAL',
      name: expect.stringMatching(/\*\*/) as string,
      taxId: '***.982.247-**',
    });
    expect((await lookup('11222333000181')).json<Recipient>().holder).toMatchObject({
      type: 'COMPANY',
      taxId: '11.222.333/0001-81',
    });
    // A raw `+` in the path stays a `+` (it is not a space outside a query string).
    const raw = await t.as(token, { method: 'GET', url: '/v1/pix/keys/+5511987654321' });
    expect(raw.statusCode, raw.body).toBe(200);
  });

  it('404 PIX_KEY_NOT_FOUND for the documented unknown keys', async () => {
    for (const key of [
      'unknown@example.com',
      '+5511987650000',
      '00000000-0000-0000-0000-000000000000',
      '99999999131',
      '99999999000191',
    ]) {
      expectProblem(await lookup(key), 404, 'PIX_KEY_NOT_FOUND');
    }
  });

  it('400 INVALID_DATA for a malformed key, pointing at the path', async () => {
    for (const key of ['hello', '529.982.247-26', '+1555123456', 'not an@email']) {
      const problem = expectProblem(await lookup(key), 400, 'INVALID_DATA');
      expect(problem.errors).toMatchObject([{ pointer: '/key', in: 'path' }]);
    }
  });

  it('needs a token like every /v1 route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/pix/keys/maria@example.com' });
    expectProblem(res, 401, 'INVALID_ACCESS_TOKEN');
  });
});
