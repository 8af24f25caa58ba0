import type { ResourceName } from './event-catalog.js';

/** What a subscription receives: everything, or per resource all its events or a list of them. */
export interface SubscriptionSelection {
  includeAll: boolean;
  resources: { name: ResourceName; includeAll: boolean; events: string[] }[];
}

export function subscriptionMatches(
  selection: SubscriptionSelection,
  resource: ResourceName,
  type: string,
): boolean {
  if (selection.includeAll) return true;
  return selection.resources.some(
    (r) => r.name === resource && (r.includeAll || r.events.includes(type)),
  );
}
