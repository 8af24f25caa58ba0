import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Page } from '../../lib/pagination.js';
import { DateTimeInput, StringEnum } from '../../lib/schema.js';
import { EventTypeSchema } from '../subscriptions/subscriptions.schemas.js';
import { ATTEMPT_STATUSES, ATTEMPT_TRIGGERS } from './execution-logs.table.js';

const summary = {
  id: Type.String(),
  subscriptionId: Type.String(),
  messageId: Type.String({
    description: 'X-Message-Id: the same on every attempt of one message.',
  }),
  messageSequence: Type.Integer({
    minimum: 1,
    description:
      'X-Message-Sequence: the message\'s number among the subscription\'s messages (1, 2, 3, … with no gap; docs/webhooks.md "Sequence numbers").',
  }),
  eventId: Type.String(),
  eventType: EventTypeSchema,
  url: Type.String(),
  httpStatus: Type.Integer({
    description: 'Status the endpoint answered; 0 when no answer arrived.',
  }),
  error: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Integer(),
  retryAttempts: Type.Integer({ description: 'Automatic attempts made before this one.' }),
  trigger: StringEnum(ATTEMPT_TRIGGERS),
  status: StringEnum(ATTEMPT_STATUSES),
  createdAt: Type.String({ format: 'date-time' }),
};

export const ExecutionLogSummary = Type.Object(summary, { $id: 'ExecutionLogSummary' });
export type ExecutionLogSummary = Static<typeof ExecutionLogSummary>;

export const ExecutionLog = Type.Object(
  {
    ...summary,
    payload: Type.String({
      description: 'The exact request body sent (the bytes the signature covers).',
    }),
    requestHeaders: Type.Record(Type.String(), Type.String()),
    responseBody: Type.Union([Type.String(), Type.Null()], {
      description: 'First 4 KiB of the answer.',
    }),
  },
  { $id: 'ExecutionLog' },
);
export type ExecutionLog = Static<typeof ExecutionLog>;

export const ExecutionLogPage = Page(Type.Ref(ExecutionLogSummary));

export const ListExecutionLogsQuery = ListQuery({
  status: Type.Optional(StringEnum(ATTEMPT_STATUSES)),
  eventType: Type.Optional(EventTypeSchema),
  messageId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "Only the attempts of this message (`X-Message-Id`; an event's delivery in `GET /v1/events` names it): every automatic attempt, retry and resend. A message of another subscription gives an empty page.",
      examples: ['msg_01JD0000000000000000000000'],
    }),
  ),
});
export type ListExecutionLogsQuery = Static<typeof ListExecutionLogsQuery>;

export const ExecutionLogParams = Type.Object({
  subscriptionId: Type.String({ minLength: 1, maxLength: 64 }),
  logId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const RecoverBody = Type.Object(
  {
    since: DateTimeInput({
      description: 'Re-queue messages whose last attempt failed at or after this time.',
    }),
  },
  { additionalProperties: false, examples: [{ since: '2026-11-22T00:00:00.000Z' }] },
);
export const RecoverResult = Type.Object({ queued: Type.Integer() });
