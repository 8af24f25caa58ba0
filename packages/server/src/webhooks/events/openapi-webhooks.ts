import {
  EVENT_CATALOG,
  EVENT_DESCRIPTIONS,
  RESOURCE_NAMES,
  type EventType,
  type ResourceName,
  isOperationalResource,
} from './event-catalog.js';
import { alertDataSchema, exampleAlertData } from './openapi-alert-webhooks.js';

/**
 * The `webhooks` section of the OpenAPI 3.1 document: one entry per event type, each a POST
 * that cofre sends to the subscription's URL, with the delivery headers (events/signing.ts) and
 * the event body (events/record-event.ts). Written as plain OpenAPI because these are not routes
 * of this server; the component names it refers to (`Account`) are the routes' shared schemas.
 */
export function webhooksSection(): Record<EventType, { post: Record<string, unknown> }> {
  const section = {} as Record<EventType, { post: Record<string, unknown> }>;
  for (const resource of RESOURCE_NAMES) {
    for (const type of EVENT_CATALOG[resource]) {
      section[type] = webhookOperation(resource, type);
    }
  }
  return section;
}

function webhookOperation(
  resource: ResourceName,
  type: EventType,
): { post: Record<string, unknown> } {
  return {
    post: {
      tags: ['webhooks'],
      operationId: `webhook_${type}`,
      summary: `${type} (${resource})`,
      description:
        `${EVENT_DESCRIPTIONS[type]} Sent to every active subscription that selects it. Verify ` +
        'the signature over the raw body before parsing: `webhook-signature` for subscriptions ' +
        'with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), ' +
        '`X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id ' +
        '(`webhook-id` / `X-Message-Id`).',
      parameters: DELIVERY_HEADERS.map(([name, description, example, format]) => ({
        in: 'header',
        name,
        // Format-specific headers come only with their format.
        required: format === undefined,
        description: format === undefined ? description : `${format} format only. ${description}`,
        schema: { type: 'string' },
        example: name === 'X-Event-Type' ? type : name === 'X-Resource-Name' ? resource : example,
      })),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: eventBodySchema(resource, type),
            example: exampleEvent(resource, type),
          },
        },
      },
      responses: {
        '2XX': { description: 'Received. Any 2xx within 10 s counts as delivered.' },
        default: {
          description:
            'Any other answer, a network error or no answer in 10 s is a failed attempt, retried ' +
            'after a fixed delay when the subscription has `allowRetry`.',
        },
      },
    },
  };
}

/**
 * [name, description, example, format] of every header a delivery carries (signing/
 * attempt-headers.ts); `format` names the one signature format that sends it, if only one does.
 */
const DELIVERY_HEADERS: readonly (readonly [
  string,
  string,
  string,
  ('cofre' | 'standard-webhooks')?,
])[] = [
  ['Content-Type', 'Always `application/json`.', 'application/json'],
  ['User-Agent', 'Names the sender and its version.', 'cofre-webhooks/1'],
  [
    'X-Message-Id',
    'One event for one subscription; the same on every retry and resend. Deduplicate on it.',
    'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
    'cofre',
  ],
  ['X-Event-Type', 'The event type, as in the body.', ''],
  ['X-Resource-Name', 'The resource the event is about, as in the body.', ''],
  [
    'X-Message-Timestamp',
    'When the message was created, in unix seconds (the same on every retry and resend).',
    '1763800000',
    'cofre',
  ],
  [
    'X-Message-Signature',
    'One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; ' +
      'the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).',
    'v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c',
    'cofre',
  ],
  [
    'webhook-id',
    'The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.',
    'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
    'standard-webhooks',
  ],
  [
    'webhook-timestamp',
    "This attempt's send time, in unix seconds (each retry and resend is signed anew).",
    '1763800007',
    'standard-webhooks',
  ],
  [
    'webhook-signature',
    'One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    'standard-webhooks',
  ],
];

/** `data` of each resource's events: the resource as the API shows it at that moment. */
function dataSchema(resource: ResourceName, type: EventType): Record<string, unknown> {
  if (resource === 'ACCOUNT') {
    if (type === 'ACCOUNT_CREATED') return { $ref: '#/components/schemas/Account' };
    return {
      allOf: [
        { $ref: '#/components/schemas/Account' },
        {
          type: 'object',
          required: ['asset'],
          properties: {
            asset: { type: 'string', description: 'The asset whose onboarding changed.' },
            ...(type === 'ACCOUNT_ASSET_FAILED'
              ? {
                  reason: {
                    type: 'object',
                    required: ['code', 'message'],
                    properties: { code: { type: 'string' }, message: { type: 'string' } },
                  },
                }
              : {}),
          },
        },
      ],
    };
  }
  if (resource === 'BENEFICIARY') {
    return {
      allOf: [
        { $ref: '#/components/schemas/Beneficiary' },
        {
          type: 'object',
          required: ['instructionId'],
          properties: {
            instructionId: {
              type: 'string',
              description: 'The payment instruction the event is about.',
            },
          },
        },
      ],
    };
  }
  // The operation as GET /v1/operations/{id} shows it at that moment.
  if (resource === 'OPERATION') return { $ref: '#/components/schemas/Operation' };
  if (isOperationalResource(resource)) return alertDataSchema(type);
  return {
    type: 'object',
    additionalProperties: true,
    description: `The ${(resource as string).toLowerCase()} as the API shows it at that moment.`,
  };
}

function eventBodySchema(resource: ResourceName, type: EventType) {
  return {
    type: 'object',
    required: ['id', 'type', 'resource', 'atTime', 'data'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', description: 'The event id (`evt_…`, time-sortable).' },
      type: { type: 'string', const: type },
      resource: { type: 'string', const: resource },
      atTime: { type: 'string', format: 'date-time', description: 'When the event happened.' },
      data: dataSchema(resource, type),
    },
  };
}

const EXAMPLE_ACCOUNT = {
  id: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
  type: 'CHECKING',
  status: 'OPENING',
  assets: [{ asset: 'BRL', status: 'ONBOARDING' }],
  balances: [{ asset: 'BRL', available: '0.00', pending: '0.00', total: '0.00' }],
  metadata: { customerRef: 'C-1042' },
  createdAt: '2026-11-22T08:56:31.512Z',
  updatedAt: '2026-11-22T08:56:31.512Z',
};

function exampleEvent(resource: ResourceName, type: EventType) {
  const data = isOperationalResource(resource)
    ? exampleAlertData(type)
    : type === 'ACCOUNT_CREATED'
      ? EXAMPLE_ACCOUNT
      : resource === 'ACCOUNT'
        ? {
            ...EXAMPLE_ACCOUNT,
            status: type === 'ACCOUNT_ASSET_ACTIVATED' ? 'ACTIVE' : 'OPENING',
            assets: [
              { asset: 'BRL', status: type === 'ACCOUNT_ASSET_ACTIVATED' ? 'ACTIVE' : 'FAILED' },
            ],
            updatedAt: '2026-11-22T08:56:33.696Z',
            asset: 'BRL',
            ...(type === 'ACCOUNT_ASSET_FAILED'
              ? { reason: { code: 'ONBOARDING_FAILED', message: 'Asset onboarding failed.' } }
              : {}),
          }
        : resource === 'BENEFICIARY'
          ? exampleBeneficiary(type)
          : exampleOperation(type);
  return {
    id: 'evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS',
    type,
    resource,
    atTime: '2026-11-22T08:56:33.696Z',
    data,
  };
}

function exampleBeneficiary(type: EventType) {
  const status = type.endsWith('_APPROVED')
    ? 'APPROVED'
    : type.endsWith('_REJECTED')
      ? 'REJECTED'
      : 'PENDING_REVIEW';
  return {
    id: 'ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
    holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: '52998224725' },
    relationshipType: 'THIRD_PARTY',
    paymentInstructions: [
      {
        id: 'pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
        rail: 'PIX',
        asset: 'BRL',
        keyType: 'EMAIL',
        key: 'maria@example.com',
        status,
        reason:
          status === 'REJECTED'
            ? { code: 'COMPLIANCE_REJECTED', message: 'Rejected by compliance review.' }
            : null,
        createdAt: '2026-11-22T08:56:31.512Z',
        updatedAt: '2026-11-22T08:56:33.696Z',
      },
    ],
    metadata: { supplierId: 'S-77' },
    createdAt: '2026-11-22T08:56:31.512Z',
    updatedAt: '2026-11-22T08:56:31.512Z',
    instructionId: 'pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT',
  };
}

function exampleOperation(type: EventType) {
  const status =
    type === 'OPERATION_COMPLETED'
      ? 'COMPLETED'
      : type === 'OPERATION_FAILED'
        ? 'FAILED'
        : 'REQUESTED';
  const reason =
    status === 'FAILED'
      ? {
          code: 'DEPOSIT_EXPIRED',
          message: 'No payment arrived before the funding instruction expired.',
        }
      : null;
  const requested = { status: 'REQUESTED', reason: null, at: '2026-11-22T08:56:31.512Z' };
  return {
    id: 'op_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
    type: 'DEPOSIT',
    status,
    accountId: 'acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
    asset: 'BRL',
    amount: '1250.00',
    // Every member the Operation schema requires for a DEPOSIT (an example must validate).
    fees: [],
    reason,
    states:
      status === 'REQUESTED'
        ? [requested]
        : status === 'COMPLETED'
          ? [
              requested,
              { status: 'PROCESSING', reason: null, at: '2026-11-22T08:56:33.696Z' },
              { status: 'COMPLETED', reason: null, at: '2026-11-22T08:56:33.696Z' },
            ]
          : [requested, { status: 'FAILED', reason, at: '2026-11-22T08:56:36.512Z' }],
    metadata: { customerRef: 'C-1042', invoice: 'INV-2026-118' },
    externalReference: 'invoice-2026-118',
    createdAt: '2026-11-22T08:56:31.512Z',
    updatedAt: status === 'REQUESTED' ? '2026-11-22T08:56:31.512Z' : '2026-11-22T08:56:33.696Z',
    fundingInstruction: {
      rail: 'PIX',
      keyType: 'EVP',
      key: 'c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a',
      brCode:
        '00020126580014br.gov.bcb.pix0136c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a520400005303986' +
        '54071250.005802BR5905COFRE6009SAO PAULO622905251JD6Q3W8ZK2C1V7R4X9B5N0AR63044972',
      expiresAt: '2026-11-22T08:56:36.512Z',
    },
    receivedAmount: status === 'COMPLETED' ? '1250.00' : null,
    quoteId: null,
    conversion: null,
    refundedAmount: '0.00',
    reversedBy: null,
    onChain: null,
    endToEndId: status === 'COMPLETED' ? 'E12345678202611220856abcdef01234' : null,
  };
}
