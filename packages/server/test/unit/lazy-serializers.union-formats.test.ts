import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySerializers } from '../../src/plugins/lazy-serializers.js';

// plugins/lazy-serializers.ts: a response union's member is picked by what tells the members
// apart (a constant), without checking every string's format again on the way out: those checks
// were 3.7 % of a busy server's time while a customer walked pages of operations (issue 23).

const Deposit = Type.Object({
  type: Type.Literal('DEPOSIT'),
  createdAt: Type.String({ format: 'date-time' }),
  pixKey: Type.String(),
});
const Swap = Type.Object({
  type: Type.Literal('SWAP'),
  createdAt: Type.String({ format: 'date-time' }),
  rate: Type.String(),
});

async function appAnswering(item: unknown): Promise<FastifyInstance> {
  const app = Fastify({ schemaController: lazySerializers });
  app.get(
    '/item',
    { schema: { response: { 200: Type.Union([Deposit, Swap]) } } },
    async () => item,
  );
  await app.ready();
  return app;
}

describe('response unions', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('serialises each member with its own fields, chosen by its constant', async () => {
    const at = '2026-11-28T00:00:00.000Z';
    for (const [item, expected] of [
      [
        { type: 'DEPOSIT', createdAt: at, pixKey: 'k', rate: 'x' },
        { type: 'DEPOSIT', createdAt: at, pixKey: 'k' },
      ],
      [
        { type: 'SWAP', createdAt: at, pixKey: 'k', rate: '5.1' },
        { type: 'SWAP', createdAt: at, rate: '5.1' },
      ],
    ] as const) {
      app = await appAnswering(item);
      const res = await app.inject({ method: 'GET', url: '/item' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
      await app.close();
    }
  });

  it('does not check a string format again to pick a member', async () => {
    // Not a date-time: with the format checked, neither member matched and the reply was a 500.
    app = await appAnswering({ type: 'SWAP', createdAt: 'not a date', rate: '5.1' });
    const res = await app.inject({ method: 'GET', url: '/item' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'SWAP', createdAt: 'not a date', rate: '5.1' });
  });
});
