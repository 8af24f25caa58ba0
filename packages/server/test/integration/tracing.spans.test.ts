import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { ACCOUNT_CREATED_ONLY, createSubscription, listLogs } from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useTestApp } from '../helpers/world.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;

/** With an OpenTelemetry SDK registered (in memory here), as an operator would (docs/tracing.md). */
const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(() => {
  trace.disable();
  context.disable();
});

const named = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name);
const only = (name: string): ReadableSpan => {
  const spans = named(name);
  expect(spans.map((s) => s.name)).toEqual([name]);
  return spans[0]!;
};

describe.each(ENGINES)('OpenTelemetry spans on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  let receiver: Receiver;

  const t = useTestApp(engine, {
    clock,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_MAX_RETRIES: '1',
      COFRE_WEBHOOK_RETRY_DELAY_MS: '1000',
    },
  });
  beforeEach(async () => {
    receiver = await startReceiver((r) => (r.n === 1 ? { status: 500 } : { status: 200 }));
  });
  afterEach(() => receiver.close());

  const subscribed = async () => {
    const customer = await t.customer('Alice');
    const sub = await createSubscription(t, customer.token, {
      url: `${receiver.url}/hooks`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: true,
    });
    exporter.reset();
    return { customer, sub };
  };

  it('links the request, job and attempt spans, and the webhook continues the request span', async () => {
    const { customer, sub } = await subscribed();
    const payload = { type: 'CHECKING' };
    const res = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload,
      headers: { traceparent: TRACEPARENT },
    });
    expect(res.statusCode, res.body).toBe(201);

    const server = only('POST /v1/accounts');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.spanContext().traceId).toBe(TRACE_ID);
    expect(server.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(server.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/v1/accounts',
      'http.response.status_code': 201,
    });

    await runDueJobs(t); // first attempt: 500
    clock.advance(1000);
    await runDueJobs(t); // retry: 200
    const [delivered] = (await listLogs(t, customer.token, sub.id)).data;
    await t.as(customer.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/executionLogs/${delivered!.id}/resend`,
    });
    await runDueJobs(t);

    // Every webhook request names cofre's request span as its parent, in the caller's trace.
    const expected = `00-${TRACE_ID}-${server.spanContext().spanId}-01`;
    const requests = await receiver.waitForRequests(3);
    expect(requests.map((r) => r.headers.traceparent)).toEqual([expected, expected, expected]);

    const jobs = [...named('job webhook.attempt'), ...named('job webhook.resend')];
    const attempts = named('webhook POST');
    expect(jobs).toHaveLength(3);
    expect(attempts).toHaveLength(3);
    for (const job of jobs) {
      expect(job.kind).toBe(SpanKind.CONSUMER);
      expect(job.parentSpanContext).toBeUndefined();
    }
    for (const attempt of attempts) {
      expect(attempt.kind).toBe(SpanKind.CLIENT);
      expect(attempt.spanContext().traceId).toBe(TRACE_ID);
      expect(attempt.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
      const linked = attempt.links.map((l) => l.context.spanId);
      expect(jobs.map((j) => j.spanContext().spanId)).toContain(linked[0]);
      expect(attempt.attributes).toMatchObject({
        'http.request.method': 'POST',
        'server.address': '127.0.0.1',
        'cofre.subscription.id': sub.id,
        'cofre.message.id': delivered!.messageId,
        'cofre.event.type': 'ACCOUNT_CREATED',
      });
    }
    const [first, retry, resend] = [...attempts].sort(
      (a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1],
    );
    expect(first!.attributes).toMatchObject({
      'cofre.attempt.trigger': 'AUTOMATIC',
      'cofre.attempt.outcome': 'rejected',
      'http.response.status_code': 500,
    });
    expect(first!.status.code).toBe(SpanStatusCode.ERROR);
    expect(retry!.attributes['cofre.attempt.trigger']).toBe('RETRY');
    expect(retry!.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(resend!.attributes['cofre.attempt.trigger']).toBe('RESEND');

    // No secret, header value or body in any attribute.
    const forbidden = [
      customer.token,
      customer.clientSecret,
      JSON.stringify(payload),
      requests[0]!.headers['x-message-signature'] as string,
      requests[0]!.body,
      '/hooks',
    ];
    for (const span of exporter.getFinishedSpans())
      for (const value of Object.values(span.attributes))
        for (const secret of forbidden) expect(String(value)).not.toContain(secret);
  });

  it('starts a new trace for a request with an invalid traceparent, and answers as usual', async () => {
    const { customer } = await subscribed();
    const res = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
      headers: { traceparent: `00-${TRACE_ID.toUpperCase()}-${CALLER_SPAN_ID}-01` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const server = only('POST /v1/accounts');
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.spanContext().traceId).not.toBe(TRACE_ID);
    await runDueJobs(t);
    const [request] = await receiver.waitForRequests(1);
    expect(request!.headers.traceparent).toBe(
      `00-${server.spanContext().traceId}-${server.spanContext().spanId}-01`,
    );
  });

  it('traces a refused request with its status but leaves health probes untraced', async () => {
    exporter.reset();
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['GET /v1/accounts']);
    expect(spans[0]!.attributes['http.response.status_code']).toBe(401);
  });
});
