import {
  SpanKind,
  SpanStatusCode,
  context,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { contextFrom, runWithTraceContext, tracer, tracingIsOn } from './tracing.js';
import { traceContextFrom } from './tracing-w3c.js';
import { onRequestStep, onResponseStep } from '../lib/request-pipeline.js';

/** Probes and scrapes would be most of the spans and say nothing (docs/tracing.md). */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** The server span of each request, while tracing is on. */
const spans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/**
 * W3C trace context on API requests (docs/tracing.md). Always: a route handler runs with the
 * request's valid `traceparent`/`tracestate` as the context the events it records are stamped
 * with (an invalid one is ignored). When an OpenTelemetry SDK was registered before the app was
 * built: one SERVER span per request, from `onRequest` to `onResponse`, continuing the incoming
 * traceparent (or the active span of an HTTP instrumentation, if the operator runs one).
 * Attributes are the method, the route template (never the path: it can hold a PIX key) and the
 * status; never headers, bodies or query strings.
 */
export function registerTracing(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.handler = traced(route.handler);
  });
  if (!tracingIsOn()) return;

  onRequestStep(app, (request) => {
    const route = request.routeOptions.url;
    if (route !== undefined && UNTRACED_ROUTES.has(route)) return undefined;
    const parent = trace.getSpan(context.active())
      ? context.active()
      : (contextFrom(traceContextFrom(request.headers)) ?? context.active());
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          'cofre.request.id': request.id,
        },
      },
      parent,
    );
    spans.set(request, { span, context: trace.setSpan(parent, span) });
    return undefined;
  });
  onResponseStep(app, (request, reply) => {
    const entry = spans.get(request);
    if (entry) {
      entry.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) {
        entry.span.setAttribute('error.type', String(reply.statusCode));
        entry.span.setStatus({ code: SpanStatusCode.ERROR });
      }
      entry.span.end();
      spans.delete(request);
    }
  });
}

/** Runs a route handler inside its request's span, or with its incoming trace context. */
function traced(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function (this: FastifyInstance, request, reply) {
    const entry = spans.get(request);
    if (entry) return context.with(entry.context, () => handler.call(this, request, reply));
    if (request.headers.traceparent === undefined) return handler.call(this, request, reply);
    const incoming = traceContextFrom(request.headers);
    return incoming
      ? runWithTraceContext(incoming, () => handler.call(this, request, reply))
      : handler.call(this, request, reply);
  };
}
