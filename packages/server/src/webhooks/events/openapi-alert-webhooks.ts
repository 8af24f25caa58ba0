import type { EventType } from './event-catalog.js';

/**
 * `data` and examples of the operational events (docs/webhooks.md "Delivery alerts") for the
 * OpenAPI `webhooks` section (openapi-webhooks.ts): SUBSCRIPTION events carry the subscription's
 * public view (never its secret), FAILING and RECOVERED with the window's figures in `alert`;
 * MESSAGE_EXHAUSTED names the message, its event and its last attempt (health/raise-alerts.ts).
 */
export function alertDataSchema(type: EventType): Record<string, unknown> {
  if (type === 'MESSAGE_EXHAUSTED') return EXHAUSTED_SCHEMA;
  if (type === 'SUBSCRIPTION_DISABLED') return { $ref: '#/components/schemas/Subscription' };
  return {
    allOf: [
      { $ref: '#/components/schemas/Subscription' },
      { type: 'object', required: ['alert'], properties: { alert: ALERT_SCHEMA } },
    ],
  };
}

const isoTime = { type: 'string', format: 'date-time' };

const LAST_ATTEMPT = {
  type: 'object',
  required: ['at', 'httpStatus', 'error'],
  properties: {
    at: isoTime,
    messageId: { type: 'string' },
    httpStatus: { type: 'integer', description: '0 when no answer arrived.' },
    error: { type: ['string', 'null'] },
  },
};

const ALERT_SCHEMA = {
  type: 'object',
  required: ['windowStartedAt', 'windowMs', 'attempts', 'failures', 'thresholdPercent'],
  properties: {
    windowStartedAt: isoTime,
    windowMs: { type: 'integer', description: 'COFRE_WEBHOOK_ALERT_WINDOW_MS.' },
    attempts: { type: 'integer', description: 'Attempts of business messages in the window.' },
    failures: { type: 'integer' },
    thresholdPercent: { type: 'integer', description: 'COFRE_WEBHOOK_ALERT_FAILURE_PERCENT.' },
    failingSince: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The first failure since the last success; null after a success.',
    },
    lastAttempt: LAST_ATTEMPT,
  },
};

const EXHAUSTED_SCHEMA = {
  type: 'object',
  required: ['id', 'subscriptionId', 'sequence', 'eventId', 'eventType', 'status', 'lastAttempt'],
  properties: {
    id: { type: 'string', description: 'The message that ran out of retries.' },
    subscriptionId: { type: 'string' },
    sequence: { type: 'integer', description: 'Its number among its subscription’s messages.' },
    eventId: { type: 'string' },
    eventType: { type: 'string' },
    status: { type: 'string', const: 'FAILED' },
    attempts: { type: 'integer', description: 'Automatic attempts made.' },
    lastAttempt: LAST_ATTEMPT,
  },
};

const EXAMPLE_SUBSCRIPTION = {
  id: 'sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ',
  url: 'https://example.com/webhooks/cofre',
  includeAll: false,
  resources: [{ name: 'ACCOUNT', includeAll: true, events: ['ACCOUNT_CREATED'] }],
  allowRetry: true,
  maxConcurrency: 4,
  signatureFormat: 'cofre',
  signingKey: 'subscription-secret',
  transport: 'http',
  status: 'ACTIVE',
  metadata: {},
  createdAt: '2026-11-22T08:50:00.000Z',
  updatedAt: '2026-11-22T08:50:00.000Z',
};

const EXAMPLE_LAST_ATTEMPT = {
  at: '2026-11-22T08:56:33.696Z',
  messageId: 'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
  httpStatus: 503,
  error: 'The endpoint answered 503.',
};

/** The example `data` of an operational event. */
export function exampleAlertData(type: EventType): Record<string, unknown> {
  if (type === 'MESSAGE_EXHAUSTED') {
    return {
      id: 'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
      subscriptionId: EXAMPLE_SUBSCRIPTION.id,
      sequence: 42,
      eventId: 'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
      eventType: 'OPERATION_COMPLETED',
      status: 'FAILED',
      attempts: 5,
      lastAttempt: {
        at: EXAMPLE_LAST_ATTEMPT.at,
        httpStatus: EXAMPLE_LAST_ATTEMPT.httpStatus,
        error: EXAMPLE_LAST_ATTEMPT.error,
      },
    };
  }
  if (type === 'SUBSCRIPTION_DISABLED') {
    return {
      ...EXAMPLE_SUBSCRIPTION,
      status: 'DISABLED',
      disabled: {
        at: '2026-11-27T08:56:33.696Z',
        reason:
          'Every delivery failed since 2026-11-22T08:56:33.696Z (last: The endpoint answered 503); disabled after COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS.',
      },
      updatedAt: '2026-11-27T08:56:33.696Z',
    };
  }
  const failing = type === 'SUBSCRIPTION_FAILING';
  return {
    ...EXAMPLE_SUBSCRIPTION,
    alert: {
      windowStartedAt: '2026-11-22T08:45:00.000Z',
      windowMs: 900_000,
      attempts: failing ? 12 : 8,
      failures: failing ? 9 : 1,
      thresholdPercent: 50,
      failingSince: failing ? '2026-11-22T08:47:10.000Z' : null,
      lastAttempt: failing
        ? EXAMPLE_LAST_ATTEMPT
        : { ...EXAMPLE_LAST_ATTEMPT, httpStatus: 200, error: null },
    },
  };
}
