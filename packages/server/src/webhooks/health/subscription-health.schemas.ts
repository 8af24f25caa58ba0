import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../lib/schema.js';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/subscriptions.table.js';
import { PENDING_COUNT_CAP } from './subscription-health.repository.js';

const at = Type.String({ format: 'date-time', description: 'When the attempt was made.' });
const messageId = Type.String({ description: 'The message (`X-Message-Id`) it tried to deliver.' });

/** `GET /v1/subscriptions/{id}/health` (docs/webhooks.md "Delivery health"). */
export const SubscriptionHealth = Type.Object(
  {
    subscriptionId: Type.String(),
    status: StringEnum(SUBSCRIPTION_STATUSES),
    pendingMessages: Type.Integer({
      minimum: 0,
      maximum: PENDING_COUNT_CAP,
      description: `Messages not delivered yet: queued or being retried, or held while paused. Counted up to ${PENDING_COUNT_CAP}.`,
    }),
    pendingMessagesCapped: Type.Boolean({
      description: `True when more than ${PENDING_COUNT_CAP} messages are pending: pendingMessages is then the cap, a lower bound.`,
    }),
    failedMessages: Type.Integer({
      minimum: 0,
      description:
        'Messages that stopped trying (retries exhausted or not allowed) and were not delivered since by a resend or recover.',
    }),
    consecutiveFailures: Type.Integer({
      minimum: 0,
      description: 'Failed attempts (first, retry or resend) since the last successful one.',
    }),
    lastSuccess: Type.Union(
      [Type.Object({ at, messageId }, { additionalProperties: false }), Type.Null()],
      { description: 'The latest 2xx answer; null before the first.' },
    ),
    lastFailure: Type.Union(
      [
        Type.Object(
          {
            at,
            messageId,
            httpStatus: Type.Integer({ description: '0 when no answer arrived.' }),
            error: Type.Union([Type.String(), Type.Null()], {
              description: 'What went wrong, as in the execution log.',
            }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The latest failed attempt; null before the first.' },
    ),
  },
  {
    $id: 'SubscriptionHealth',
    additionalProperties: false,
    examples: [
      {
        subscriptionId: 'sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ',
        status: 'ACTIVE',
        pendingMessages: 3,
        pendingMessagesCapped: false,
        failedMessages: 1,
        consecutiveFailures: 2,
        lastSuccess: {
          at: '2026-11-22T08:50:00.000Z',
          messageId: 'msg_01JD6Q4A0000000000000000AA',
        },
        lastFailure: {
          at: '2026-11-22T08:52:05.000Z',
          messageId: 'msg_01JD6Q4B0000000000000000BB',
          httpStatus: 503,
          error: 'The endpoint answered 503.',
        },
      },
    ],
  },
);
export type SubscriptionHealth = Static<typeof SubscriptionHealth>;
