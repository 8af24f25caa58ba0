import { SpanKind, SpanStatusCode, context, trace, type Link } from '@opentelemetry/api';
import type { AttemptTrigger } from '../execution-logs/execution-logs.table.js';
import { contextFrom, tracer, tracingIsOn } from '../../observability/tracing.js';
import type { MessageContext } from './message-context.js';
import { httpStatusOf } from './record-attempt.js';
import type { AttemptOutcome } from './send-attempt.js';

/**
 * A CLIENT span `webhook POST` around one HTTP attempt (docs/tracing.md). Its parent is the span
 * the message's stored `traceparent` names (the API request that caused the event), so the
 * attempts of a delivery appear in the caller's trace beside the receiver's own spans; it links
 * to the job span it ran in. Without a stored context its parent is the job span. Attributes name
 * the message, subscription, event type, trigger, outcome, status and the receiver's host, never
 * the URL's path or query, the headers (a signature) or a body.
 */
export async function withAttemptSpan(
  message: MessageContext,
  trigger: AttemptTrigger,
  send: () => Promise<AttemptOutcome>,
): Promise<AttemptOutcome> {
  if (!tracingIsOn()) return send();
  const active = context.active();
  const stored = contextFrom(
    message.headers.traceparent === undefined
      ? undefined
      : {
          traceparent: message.headers.traceparent,
          ...(message.headers.tracestate ? { tracestate: message.headers.tracestate } : {}),
        },
  );
  const job = trace.getSpan(active)?.spanContext();
  const links: Link[] = stored && job ? [{ context: job }] : [];
  const url = new URL(message.url);
  const span = tracer.startSpan(
    'webhook POST',
    {
      kind: SpanKind.CLIENT,
      links,
      attributes: {
        'http.request.method': 'POST',
        'server.address': url.hostname,
        'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        'cofre.message.id': message.id,
        'cofre.subscription.id': message.subscriptionId,
        'cofre.event.type': message.eventType,
        'cofre.attempt.trigger': trigger,
      },
    },
    stored ?? active,
  );
  try {
    const outcome = await send();
    span.setAttribute('cofre.attempt.outcome', outcome.kind);
    if (outcome.kind === 'delivered' || outcome.kind === 'rejected')
      span.setAttribute('http.response.status_code', httpStatusOf(outcome));
    if (outcome.kind !== 'delivered') {
      span.setAttribute('error.type', outcome.kind);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return outcome;
  } finally {
    span.end();
  }
}
