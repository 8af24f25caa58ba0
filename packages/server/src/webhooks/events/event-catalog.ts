/**
 * Every event the service emits, by resource (BRIEF "Events"). Subscriptions select from these;
 * GET /v1/events/types publishes them.
 */
export const EVENT_CATALOG = {
  ACCOUNT: ['ACCOUNT_CREATED', 'ACCOUNT_ASSET_ACTIVATED', 'ACCOUNT_ASSET_FAILED'],
  BENEFICIARY: [
    'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
    'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
    'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
  ],
  OPERATION: [
    'OPERATION_REQUESTED',
    'OPERATION_FUNDING_INSTRUCTION_READY',
    'OPERATION_COMPLETED',
    'OPERATION_FAILED',
  ],
  SUBSCRIPTION: ['SUBSCRIPTION_FAILING', 'SUBSCRIPTION_RECOVERED', 'SUBSCRIPTION_DISABLED'],
  MESSAGE: ['MESSAGE_EXHAUSTED'],
} as const;

export type ResourceName = keyof typeof EVENT_CATALOG;
export type EventType = (typeof EVENT_CATALOG)[ResourceName][number];

export const RESOURCE_NAMES = Object.keys(EVENT_CATALOG) as ResourceName[];
export const EVENT_TYPES: EventType[] = Object.values(EVENT_CATALOG).flat();

export const isEventOf = (resource: ResourceName, type: string): type is EventType =>
  (EVENT_CATALOG[resource] as readonly string[]).includes(type);

/**
 * Resources whose events are about delivery itself (docs/webhooks.md "Delivery alerts"). A
 * subscription gets them only by naming the resource: a top-level `includeAll` means every
 * business event, so receivers that existed before alerts see no new event types.
 */
export const OPERATIONAL_RESOURCES = [
  'SUBSCRIPTION',
  'MESSAGE',
] as const satisfies readonly ResourceName[];

export const isOperationalResource = (resource: string): boolean =>
  (OPERATIONAL_RESOURCES as readonly string[]).includes(resource);

/** Whether an event type is an operational one (its resource is operational). */
export const isOperationalEvent = (type: string): boolean =>
  OPERATIONAL_RESOURCES.some((resource) => isEventOf(resource, type));

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  ACCOUNT_CREATED: 'An account was opened; its assets are ONBOARDING.',
  ACCOUNT_ASSET_ACTIVATED: 'An asset of an account finished onboarding and is ACTIVE.',
  ACCOUNT_ASSET_FAILED: 'An asset of an account failed onboarding.',
  BENEFICIARY_PAYMENT_INSTRUCTION_CREATED: 'A payment instruction was added and awaits review.',
  BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED: 'A payment instruction passed compliance review.',
  BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED:
    'A payment instruction was rejected by compliance review.',
  OPERATION_REQUESTED:
    'An operation (deposit, withdrawal, swap, order, PIX payment) was requested.',
  OPERATION_FUNDING_INSTRUCTION_READY:
    'A deposit\'s funding instruction got its BR Code (`data.fundingInstruction.brCode`): production with the PIX rail, where the PSP makes each deposit\'s charge after the deposit is requested (docs/rails.md "PIX").',
  OPERATION_COMPLETED: 'An operation completed.',
  OPERATION_FAILED: 'An operation failed; `data.reason` says why.',
  SUBSCRIPTION_FAILING:
    "Operational: the share of failed attempts of another subscription crossed the threshold over the alert window; `data` is its public view and `data.alert` the window's figures. At most one per subscription and window, none again until it recovers.",
  SUBSCRIPTION_RECOVERED:
    'Operational: a subscription reported FAILING fell back under the threshold over a window of at least the minimum number of attempts.',
  SUBSCRIPTION_DISABLED:
    'Operational: a subscription failing continuously for COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS was DISABLED; its new messages are held until PATCH status ACTIVE releases them in order.',
  MESSAGE_EXHAUSTED:
    'Operational: a message of another subscription ran out of retries and is FAILED for good; `data` names it, its event and its last attempt.',
};
