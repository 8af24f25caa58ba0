import type { Catalogue, EventType, ResourceName, Subscription } from './types.js';

/**
 * What a subscription receives, as the form edits it: everything (`includeAll`), or per resource
 * all of its events or a set of them (docs/webhooks.md "Subscribe"). Pure, so the form and the
 * summaries read the same rules.
 */
export interface Selection {
  includeAll: boolean;
  resources: Partial<Record<ResourceName, { includeAll: boolean; events: EventType[] }>>;
}

/**
 * The operational resources (delivery alerts, docs/webhooks.md "Delivery alerts"): a top-level
 * includeAll does not cover them; they are selected by name, beside it or alone.
 */
export const OPERATIONAL_RESOURCES = [
  'SUBSCRIPTION',
  'MESSAGE',
] as const satisfies readonly ResourceName[];

export const isOperational = (name: ResourceName): boolean =>
  (OPERATIONAL_RESOURCES as readonly ResourceName[]).includes(name);

export const NOTHING: Selection = { includeAll: false, resources: {} };
export const EVERYTHING: Selection = { includeAll: true, resources: {} };

export function selectionOf(
  subscription: Pick<Subscription, 'includeAll' | 'resources'>,
): Selection {
  const resources: Selection['resources'] = {};
  for (const r of subscription.resources) {
    resources[r.name] = { includeAll: r.includeAll, events: [...r.events] };
  }
  return { includeAll: subscription.includeAll, resources };
}

/** The API's `includeAll` and `resources` (a PATCH sends both: `resources` replaces). */
export function selectionBody(selection: Selection): {
  includeAll: boolean;
  resources: { name: ResourceName; includeAll: boolean; events: EventType[] }[];
} {
  const names = (Object.keys(selection.resources) as ResourceName[]).filter(
    (name) => !selection.includeAll || isOperational(name),
  );
  const resources = names.flatMap((name) => {
    const r = selection.resources[name];
    if (!r || (!r.includeAll && r.events.length === 0)) return [];
    return [{ name, includeAll: r.includeAll, events: r.includeAll ? [] : r.events }];
  });
  return { includeAll: selection.includeAll, resources };
}

export function isEmpty(selection: Selection): boolean {
  return !selection.includeAll && selectionBody(selection).resources.length === 0;
}

export function withResourceAll(selection: Selection, name: ResourceName, on: boolean): Selection {
  const current = selection.resources[name] ?? { includeAll: false, events: [] };
  return {
    ...selection,
    resources: { ...selection.resources, [name]: { ...current, includeAll: on } },
  };
}

export function withEvent(
  selection: Selection,
  name: ResourceName,
  type: EventType,
  on: boolean,
): Selection {
  const current = selection.resources[name] ?? { includeAll: false, events: [] };
  const events = on
    ? [...current.events.filter((e) => e !== type), type]
    : current.events.filter((e) => e !== type);
  return { ...selection, resources: { ...selection.resources, [name]: { ...current, events } } };
}

/** Whether `type` of `name` is delivered under `selection`. */
export function selects(selection: Selection, name: ResourceName, type: EventType): boolean {
  if (selection.includeAll && !isOperational(name)) return true;
  const r = selection.resources[name];
  return !!r && (r.includeAll || r.events.includes(type));
}

/** One line for a list: "All events", or "ACCOUNT: all · OPERATION: OPERATION_COMPLETED". */
export function selectionSummary(
  subscription: Pick<Subscription, 'includeAll' | 'resources'>,
): string {
  const parts = subscription.resources.map((r) =>
    r.includeAll ? `${r.name}: all` : `${r.name}: ${r.events.join(', ')}`,
  );
  if (subscription.includeAll) return ['All business events', ...parts].join(' · ');
  return parts.length > 0 ? parts.join(' · ') : 'Nothing';
}

/** Every event type of the catalogue, in its order. */
export function allTypes(catalogue: Catalogue): EventType[] {
  return catalogue.resources.flatMap((r) => r.events.map((e) => e.type));
}

/** The event types of one resource (for the feed's "resource" filter). */
export function typesOf(catalogue: Catalogue, name: ResourceName): EventType[] {
  return catalogue.resources.find((r) => r.name === name)?.events.map((e) => e.type) ?? [];
}
