import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../lib/schema.js';
import { SIGNATURE_FORMATS } from '../signing/signature-formats.js';
import { EventTypeSchema } from '../subscriptions/subscriptions.schemas.js';

/** `POST /v1/listen`: a listen subscription for some event types (all when none are named). */
export const CreateListenBody = Type.Object(
  {
    events: Type.Optional(
      Type.Array(EventTypeSchema, {
        minItems: 1,
        maxItems: 50,
        uniqueItems: true,
        description: 'Event types to receive; every event when left out.',
      }),
    ),
    allowRetry: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Retry a delivery the local receiver failed (fixed delay, bounded count).',
      }),
    ),
    signatureFormat: Type.Optional(
      StringEnum(SIGNATURE_FORMATS, {
        description:
          'How the relayed deliveries are signed, as for any subscription (default `cofre`); `standard-webhooks` signs each attempt when the stream sends it.',
      }),
    ),
    maxConcurrency: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000,
        description:
          'Messages relayed and not yet answered at once (default 1: one at a time, oldest first).',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ events: ['ACCOUNT_CREATED'] }] },
);
export type CreateListenBody = Static<typeof CreateListenBody>;

/** One relayed attempt's answer, as the local receiver gave it to `cofre listen`. */
export const ListenResultBody = Type.Object(
  {
    messageId: Type.String({ minLength: 1, maxLength: 64 }),
    attempt: Type.Integer({
      minimum: 0,
      maximum: 1_000,
      description: "The stream event's `attempt`: automatic attempts made before this one.",
    }),
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'Where cofre listen forwarded it (kept in the execution log).',
    }),
    status: Type.Integer({
      minimum: 0,
      maximum: 599,
      description: 'The local answer; 0 when there was none.',
    }),
    responseBody: Type.Optional(
      Type.String({
        maxLength: 65_536,
        description: 'The local answer body; the first 4 KiB are kept.',
      }),
    ),
    durationMs: Type.Integer({ minimum: 0, maximum: 86_400_000 }),
    sentAt: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 8_640_000_000_000_000,
        description:
          "The stream event's `sentAt` (unix ms its headers were signed at): the execution log then records exactly the headers relayed.",
      }),
    ),
    timedOut: Type.Optional(Type.Boolean({ description: 'No answer within the 10 s limit.' })),
    error: Type.Optional(
      Type.String({ maxLength: 1_000, description: 'Why there was no answer (status 0).' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        messageId: 'msg_01JD6Q3W8ZK2C1V7R4X9B5N0AR',
        attempt: 0,
        url: 'http://localhost:3000/webhooks',
        status: 200,
        responseBody: 'ok',
        durationMs: 12,
      },
    ],
  },
);
export type ListenResultBody = Static<typeof ListenResultBody>;

export const ListenResult = Type.Object({
  recorded: Type.Boolean({
    description:
      'false when this attempt was already settled (a repeated report, or another stream answered first).',
  }),
  messageStatus: Type.String({ description: "The message's status after the report." }),
});
export type ListenResult = Static<typeof ListenResult>;

/** The `data` of a stream's `message` event (docs/webhooks.md "cofre listen"). */
export interface ListenStreamMessage {
  messageId: string;
  attempt: number;
  trigger: 'AUTOMATIC' | 'RETRY';
  eventId: string;
  eventType: string;
  /** Its number among the subscription's messages (the `x-message-sequence` header's value). */
  sequence: number;
  headers: Record<string, string>;
  body: string;
  /** Unix ms the headers were computed (and, for `standard-webhooks`, signed) at. */
  sentAt: number;
}
