import { isOperationalResource } from './event-catalog.js';

/**
 * The subscription an operational event is about, read from its body (docs/webhooks.md
 * "Delivery alerts"): a SUBSCRIPTION event's `data.id`, a MESSAGE event's `data.subscriptionId`.
 * Undefined for a business event. The fan-out never delivers an alert to the subscription it is
 * about: that subscription is the one failing, and telling it would feed its own failures.
 */
export function alertSubject(resource: string, payload: string): string | undefined {
  if (!isOperationalResource(resource)) return undefined;
  const { data } = JSON.parse(payload) as { data?: { id?: unknown; subscriptionId?: unknown } };
  const subject = resource === 'SUBSCRIPTION' ? data?.id : data?.subscriptionId;
  return typeof subject === 'string' ? subject : undefined;
}
