import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { JobHandler, JobKind } from '../jobs/index.js';
import { tracer, tracingIsOn } from './tracing.js';

type Handlers = Partial<Record<JobKind, JobHandler>>;

/**
 * Wraps every job handler in a span `job <kind>` (a root span: the job was claimed from the
 * database, not called by anyone), active while the handler runs, so a delivery attempt's span
 * links to it and an event a lifecycle step records carries its context. Attributes: the job's
 * id, kind, queue (a subscription id) and claim count. With tracing off the handler runs as is.
 */
export function traceJobHandlers(handlers: Handlers): Handlers {
  const traced: Handlers = {};
  for (const [kind, handler] of Object.entries(handlers) as [JobKind, JobHandler][]) {
    traced[kind] = (job) => {
      if (!tracingIsOn()) return handler(job);
      const span = tracer.startSpan(
        `job ${kind}`,
        {
          kind: SpanKind.CONSUMER,
          root: true,
          attributes: {
            'cofre.job.id': job.id,
            'cofre.job.kind': kind,
            'cofre.job.claims': job.claims,
            ...(job.queue ? { 'cofre.job.queue': job.queue } : {}),
          },
        },
        ROOT_CONTEXT,
      );
      return context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
        try {
          await handler(job);
        } catch (error) {
          // The error's message stays in jobs.last_error; the span says only that it failed.
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute('error.type', error instanceof Error ? error.name : 'unknown');
          throw error;
        } finally {
          span.end();
        }
      });
    };
  }
  return traced;
}
