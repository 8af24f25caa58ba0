import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';
import { useTestApp } from '../helpers/world.js';

const TOKEN_URL = '/v1/oauth/client/token';

interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
}

describe.each(ENGINES)('a token request without a body on %s', (engine) => {
  const raw: string[] = [];

  const t = useTestApp(engine, {
    logger: { level: 'trace', stream: { write: (line: string) => void raw.push(line) } },
  });

  const linesOf = (requestId: string) =>
    raw.map((line) => JSON.parse(line) as LogLine).filter((l) => l.requestId === requestId);

  it.each([
    ['no Content-Type', {}],
    ['HTTP Basic and no Content-Type', { authorization: 'Basic eDp5' }],
  ])(
    'is a 400 INVALID_DATA naming the missing body (%s), logged at info',
    async (name, headers) => {
      const requestId = `no-body-${engine}-${name.replaceAll(' ', '-')}`;
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { ...headers, 'x-request-id': requestId },
      });
      const problem = expectProblem(res, 400, 'INVALID_DATA');
      expect(problem.errors).toEqual([
        expect.objectContaining({ pointer: '', in: 'body', code: 'REQUIRED' }),
      ]);
      const lines = await waitFor('the completion line', () => {
        const found = linesOf(requestId);
        return found.some((l) => l.msg === 'request completed') ? found : undefined;
      });
      expect(Math.max(...lines.map((l) => l.level))).toBeLessThanOrEqual(30);
    },
  );
});
