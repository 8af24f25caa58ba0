import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ANSWERED,
  onRequestStep,
  onResponseStep,
  onSendStep,
  preValidationStep,
} from '../../src/lib/request-pipeline.js';

// The cross-cutting concerns run as steps of one hook per phase (lib/request-pipeline.ts):
// in the order they were added, each free to refuse or answer the request, as separate hooks did.
describe('the request pipeline', () => {
  function appWithSteps() {
    const app = Fastify();
    const ran: string[] = [];
    app.get('/x', async () => {
      ran.push('handler');
      return { ok: true };
    });
    return { app, ran };
  }

  it('runs the steps of a phase in one hook, in the order they were added', async () => {
    const { app, ran } = appWithSteps();
    onRequestStep(app, () => void ran.push('a'));
    onRequestStep(app, () => void ran.push('b'));
    preValidationStep(app, () => void ran.push('v'));
    onSendStep(app, (_q, reply, payload) => {
      void reply.header('x-first', '1');
      return `${String(payload)} `;
    });
    onSendStep(app, (_q, _r, payload) => `${String(payload)}!`);
    onResponseStep(app, () => void ran.push('done'));
    const response = await app.inject('/x');
    expect(ran).toEqual(['a', 'b', 'v', 'handler', 'done']);
    expect(response.body).toBe('{"ok":true} !');
    expect(response.headers['x-first']).toBe('1');
  });

  it('stops at a step that refuses, and the error handler answers', async () => {
    const { app, ran } = appWithSteps();
    onRequestStep(app, () => Object.assign(new Error('no'), { statusCode: 418 }));
    onRequestStep(app, () => void ran.push('after'));
    const response = await app.inject('/x');
    expect(response.statusCode).toBe(418);
    expect(ran).toEqual([]);
  });

  it('stops at a step that answers the request itself', async () => {
    const { app, ran } = appWithSteps();
    onRequestStep(app, (_q, reply) => {
      void reply.code(503).send({ closing: true });
      return ANSWERED;
    });
    onRequestStep(app, () => void ran.push('after'));
    const response = await app.inject('/x');
    expect(response.statusCode).toBe(503);
    expect(ran).toEqual([]);
  });

  it('refuses a request whose step throws, and runs every response step even if one throws', async () => {
    const { app, ran } = appWithSteps();
    preValidationStep(app, () => {
      throw Object.assign(new Error('bad'), { statusCode: 400 });
    });
    onResponseStep(app, () => {
      throw new Error('metrics broke');
    });
    onResponseStep(app, () => void ran.push('logged'));
    const response = await app.inject('/x');
    expect(response.statusCode).toBe(400);
    expect(ran).toEqual(['logged']);
  });
});
