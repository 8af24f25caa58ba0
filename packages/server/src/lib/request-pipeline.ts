import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One hook per phase (issue 28 point 1). Each cross-cutting concern — draining, the HTTP rules,
 * the request id, tracing, metrics, the NUL and body checks, conditional GETs, the customer's
 * share — stays its own small function (a step), and a scope runs its steps of a phase in one
 * Fastify hook, in the order the concerns were registered, instead of one hook each: Fastify's
 * per-hook machinery (a `next` closure, a hook-runner frame, a promise for an async hook) was a
 * measurable part of a small read.
 *
 * Steps are synchronous. A request step may refuse the request (return an error: the error
 * handler answers it) or answer it itself (return `ANSWERED`: nothing after it runs).
 */
export const ANSWERED = Symbol('answered');

export type RequestStep = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Error | typeof ANSWERED | undefined;
export type SendStep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;
export type ResponseStep = (request: FastifyRequest, reply: FastifyReply) => void;

interface Steps {
  onRequest?: RequestStep[];
  preValidation?: RequestStep[];
  onSend?: SendStep[];
  onResponse?: ResponseStep[];
}

const pipelines = new WeakMap<FastifyInstance, Steps>();

function stepsOf(app: FastifyInstance): Steps {
  let steps = pipelines.get(app);
  if (steps === undefined) {
    steps = {};
    pipelines.set(app, steps);
  }
  return steps;
}

/** Adds a step run when a request arrives (before routing's hooks of child scopes). */
export function onRequestStep(app: FastifyInstance, step: RequestStep): void {
  const steps = stepsOf(app);
  if (steps.onRequest === undefined) {
    const list: RequestStep[] = (steps.onRequest = []);
    app.addHook('onRequest', (request, reply, done) => runRequestSteps(list, request, reply, done));
  }
  steps.onRequest.push(step);
}

/** Adds a step run after the body is parsed and before it is validated. */
export function preValidationStep(app: FastifyInstance, step: RequestStep): void {
  const steps = stepsOf(app);
  if (steps.preValidation === undefined) {
    const list: RequestStep[] = (steps.preValidation = []);
    app.addHook('preValidation', (request, reply, done) =>
      runRequestSteps(list, request, reply, done),
    );
  }
  steps.preValidation.push(step);
}

/** Adds a step run on the serialised payload before it is written; it returns the payload. */
export function onSendStep(app: FastifyInstance, step: SendStep): void {
  const steps = stepsOf(app);
  if (steps.onSend === undefined) {
    const list: SendStep[] = (steps.onSend = []);
    app.addHook('onSend', (request, reply, payload, done) => {
      let sent: unknown = payload;
      try {
        for (const each of list) sent = each(request, reply, sent);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, sent);
    });
  }
  steps.onSend.push(step);
}

/** Adds a step run once the response is written. */
export function onResponseStep(app: FastifyInstance, step: ResponseStep): void {
  const steps = stepsOf(app);
  if (steps.onResponse === undefined) {
    const list: ResponseStep[] = (steps.onResponse = []);
    app.addHook('onResponse', (request, reply, done) => {
      // The response is written: a failing step is logged, and the others still run.
      for (const each of list) {
        try {
          each(request, reply);
        } catch (error) {
          request.log.error({ err: error }, 'a response step failed');
        }
      }
      done();
    });
  }
  steps.onResponse.push(step);
}

function runRequestSteps(
  list: readonly RequestStep[],
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  for (const step of list) {
    let outcome: ReturnType<RequestStep>;
    try {
      outcome = step(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (outcome === ANSWERED) return;
    if (outcome !== undefined) {
      done(outcome);
      return;
    }
  }
  done();
}
