import { isOperationalResource, type ResourceName } from './event-catalog.js';

/** What a subscription receives: everything, or per resource all its events or a list of them. */
export interface SubscriptionSelection {
  includeAll: boolean;
  resources: { name: ResourceName; includeAll: boolean; events: string[] }[];
}

/**
 * Whether the selection includes an event type. A top-level `includeAll` covers the business
 * resources only: operational ones (SUBSCRIPTION, MESSAGE) are selected by name, so a receiver
 * that took everything before delivery alerts existed is not sent event types it never knew
 * (docs/webhooks.md "Delivery alerts").
 */
export function subscriptionMatches(
  selection: SubscriptionSelection,
  resource: ResourceName,
  type: string,
): boolean {
  if (selection.includeAll && !isOperationalResource(resource)) return true;
  return selection.resources.some(
    (r) => r.name === resource && (r.includeAll || r.events.includes(type)),
  );
}
