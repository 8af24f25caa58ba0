import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ProxyTracerProvider,
  ROOT_CONTEXT,
  TraceFlags,
  createTraceState,
  trace,
  type Context,
  type SpanContext,
} from '@opentelemetry/api';
import { formatTraceparent, parseTraceparent, type TraceContext } from './tracing-w3c.js';

/**
 * cofre's spans go through `@opentelemetry/api` only; an operator registers an SDK (docs/tracing.md)
 * and they are exported. With none registered the API is a no-op, and cofre skips even the no-op
 * calls: `tracingIsOn()` is checked first on every hot path.
 */
export const tracer = trace.getTracer('cofre');

/** The provider the API answers with while no SDK has registered one. */
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/** True once an SDK has registered a tracer provider (one global lookup, no allocation). */
export function tracingIsOn(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_PROVIDER;
}

/**
 * The incoming trace context of the request being handled, for `currentTraceContext()` while
 * tracing is off (with an SDK, the active span says it). Entered only for requests that carry a
 * valid `traceparent`, and disabled again when none of those is in flight: on Node 20 an enabled
 * AsyncLocalStorage keeps a promise hook on for the whole process, which cost every later
 * request about 7% more CPU in bench/tracing-overhead.mjs, traced or not.
 */
const incoming = new AsyncLocalStorage<TraceContext>();
let carrying = 0;

function release(): void {
  carrying -= 1;
  if (carrying === 0) incoming.disable();
}

/** Runs a route handler with `context` as the trace context its events are stamped with. */
export function runWithTraceContext<T>(context: TraceContext, fn: () => T): T {
  carrying += 1;
  let result: T;
  try {
    result = incoming.run(context, fn);
  } catch (error) {
    release();
    throw error;
  }
  if (result instanceof Promise) return result.finally(release) as T;
  release();
  return result;
}

/**
 * The trace context an event recorded now is stamped with (docs/tracing.md "Which span a
 * webhook's traceparent names"): the active span's (cofre's HTTP or job span) when tracing is on,
 * else the caller's `traceparent` as received; undefined when there is neither.
 */
export function currentTraceContext(): TraceContext | undefined {
  if (!tracingIsOn()) return incoming.getStore();
  const span = trace.getActiveSpan();
  return span ? traceContextOf(span.spanContext()) : incoming.getStore();
}

function traceContextOf(spanContext: SpanContext): TraceContext | undefined {
  if (!trace.isSpanContextValid(spanContext)) return undefined;
  const traceparent = formatTraceparent({
    traceId: spanContext.traceId,
    spanId: spanContext.spanId,
    flags: spanContext.traceFlags,
  });
  const tracestate = spanContext.traceState?.serialize();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** An OpenTelemetry context whose parent is the remote span a stored traceparent names. */
export function contextFrom(stored: TraceContext | undefined): Context | undefined {
  const parsed = stored && parseTraceparent(stored.traceparent);
  if (!parsed) return undefined;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parsed.traceId,
    spanId: parsed.spanId,
    traceFlags: parsed.flags & TraceFlags.SAMPLED,
    isRemote: true,
    ...(stored.tracestate ? { traceState: createTraceState(stored.tracestate) } : {}),
  });
}
