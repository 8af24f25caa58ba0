import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { loggerOptions } from '../../src/logger.js';
import type { IssuedCredentials } from '../../src/modules/customers/customers.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitFor } from '../helpers/wait-for.js';

interface LogLine {
  msg?: string;
  requestId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  [key: string]: unknown;
}

/** What the process logs with in production (main.ts), and pino's bare minimum. */
const LOGGERS = [
  ['the production logger options', () => loggerOptions(loadConfig({ COFRE_LOG_LEVEL: 'info' }))],
  ['bare pino options', () => ({ level: 'info' })],
] as const;

const COMPLETION = new Set(['request completed', 'request errored']);

describe.each(ENGINES)('request logging on %s', (engine) => {
  describe.each(LOGGERS)('with %s', (_name, baseOptions) => {
    const raw: string[] = [];
    let t: TestApp;
    let client: IssuedCredentials;

    beforeAll(async () => {
      const base = baseOptions();
      if (typeof base !== 'object') throw new Error('expected logger options');
      t = await createTestApp(engine, {
        logger: { ...base, stream: { write: (line: string) => void raw.push(line) } },
      });
      client = await t.createClient('Logged customer');
    });
    afterAll(() => t.close());

    const lines = (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine);
    const completionsOf = (requestId: string) =>
      lines().filter((line) => line.requestId === requestId && COMPLETION.has(line.msg ?? ''));

    /** Sends a request with its own request id and waits for its completion line. */
    async function send(requestId: string, options: InjectOptions) {
      const res = await t.app.inject({
        ...options,
        headers: { ...options.headers, 'x-request-id': requestId },
      });
      await waitFor(`the completion line of ${requestId}`, () =>
        completionsOf(requestId).length > 0 ? true : undefined,
      );
      return res;
    }

    it('logs one completion line per request and never a secret or a token', async () => {
      const id = `${engine}-${_name.replaceAll(' ', '-')}`;
      const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
      const wrongSecret = `wrong-${client.clientSecret.slice(0, 20)}-guess`;
      const sent: { requestId: string; method: string; url: string; statusCode: number }[] = [];
      const record = async (
        requestId: string,
        options: InjectOptions & { method: string; url: string },
      ) => {
        const res = await send(`${id}-${requestId}`, options);
        sent.push({
          requestId: `${id}-${requestId}`,
          method: options.method,
          url: options.url,
          statusCode: res.statusCode,
        });
        return res;
      };

      const json = await record('json-token', {
        method: 'POST',
        url: '/v1/oauth/client/token',
        payload: { clientId: client.clientId, clientSecret: client.clientSecret },
      });
      expect(json.statusCode).toBe(200);
      const jsonToken = json.json<{ accessToken: string }>().accessToken;

      const form = await record('form-basic', {
        method: 'POST',
        url: '/v1/oauth/client/token',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
      });
      expect(form.statusCode).toBe(200);
      const formToken = form.json<{ access_token: string }>().access_token;

      const formBody = await record('form-body', {
        method: 'POST',
        url: '/v1/oauth/client/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }).toString(),
      });
      expect(formBody.statusCode).toBe(200);
      const formBodyToken = formBody.json<{ access_token: string }>().access_token;

      const wrong = await record('wrong-secret', {
        method: 'POST',
        url: '/v1/oauth/client/token',
        payload: { clientId: client.clientId, clientSecret: wrongSecret },
      });
      expect(wrong.statusCode).toBe(401);

      const list = await record('authed-list', {
        method: 'GET',
        url: '/v1/accounts?limit=5',
        headers: { authorization: `Bearer ${jsonToken}` },
      });
      expect(list.statusCode).toBe(200);

      const open = await record('authed-open', {
        method: 'POST',
        url: '/v1/accounts',
        headers: { authorization: `Bearer ${formToken}` },
        payload: { type: 'CHECKING' },
      });
      expect(open.statusCode).toBe(201);

      const tampered = await record('tampered-token', {
        method: 'GET',
        url: '/v1/accounts',
        headers: { authorization: `Bearer ${formBodyToken}x` },
      });
      expect(tampered.statusCode).toBe(401);

      const all = raw.join('\n');
      for (const [what, value] of [
        ['client secret', client.clientSecret],
        ['wrong secret', wrongSecret],
        ['Basic credentials', basic],
        ['JSON access token', jsonToken],
        ['form access token', formToken],
        ['form-body access token', formBodyToken],
      ] as const) {
        expect(all.includes(value), `a log line contains the ${what}`).toBe(false);
      }
      // A JWT's signature alone is as good as the token for grepping: never logged either.
      for (const token of [jsonToken, formToken, formBodyToken]) {
        expect(all).not.toContain(token.split('.')[2]);
      }

      for (const request of sent) {
        const completions = completionsOf(request.requestId);
        expect(completions, request.requestId).toHaveLength(1);
        expect(completions[0]).toMatchObject({
          method: request.method,
          url: request.url,
          statusCode: request.statusCode,
        });
      }
      expect(lines().filter((line) => line.msg === 'incoming request')).toEqual([]);
    });
  });
});
