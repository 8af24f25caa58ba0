import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Db } from '../../db/database.js';
import { batchedTail, type GroupCommit, type Tail } from '../../db/group-commit.js';
import type { Trx } from '../../db/transact.js';
import type { ContextPrefetch } from './context-prefetch.js';
import type { JobQueue, JobHandler, Job } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptTrigger } from '../execution-logs/execution-logs.table.js';
import { loadMessageContext, type MessageContext } from './message-context.js';
import type { MessageStatus } from '../messages/messages.table.js';
import {
  holdMessage,
  lockMessageStatus,
  settleAttempt,
  settleResend,
  type AttemptSettlement,
} from '../messages/messages.repository.js';
import {
  attemptLogRow,
  attemptStatusOf,
  httpStatusOf,
  recordAttempt,
  type AttemptRecord,
} from './record-attempt.js';
import { settleAttempts, type AttemptSettlementItem } from './settle-attempts.js';
import { healthTail, type AttemptAlerts, type HealthTail } from '../health/attempt-health.js';
import { settleHealth, type HealthItem } from './settle-health.js';
import type { AlertPolicy } from '../../config/config.js';
import { withAttemptSpan } from './attempt-span.js';
import { adjustFailedMessages } from '../health/subscription-health.repository.js';
import { nextStep, type NextStep, type RetryPolicy } from './retry-policy.js';
import { sendAttempt, type AttemptOutcome } from './send-attempt.js';
import { attemptHeaders } from '../signing/attempt-headers.js';
import { signingSecretsAt } from '../signing/subscription-secret.js';
import { observeAttempt } from '../../observability/delivery-metrics.js';
import { reportFailedMessage } from './failed-message-log.js';

export interface DeliveryDeps {
  db: Db;
  /** Settlements of attempts share commits (db/group-commit.ts). */
  settle: GroupCommit;
  /** Contexts loaded for the whole claimed batch; the handler falls back to its own read. */
  prefetch?: ContextPrefetch;
  queue: JobQueue;
  clock: Clock;
  dispatcher: Dispatcher;
  timeoutMs: number;
  retry: RetryPolicy;
  /** One debug line per attempt, one info line per message that fails (docs/webhooks.md "Logs"). */
  logger?: Pick<FastifyBaseLogger, 'debug' | 'info'>;
  /** Delivery alerts (docs/webhooks.md "Delivery alerts"); none without a policy. */
  alerts?: AlertPolicy;
}

/** The alerts of an attempt, when the deployment raises them (health/attempt-health.ts). */
const alertsOf = (deps: DeliveryDeps, attempts: number): AttemptAlerts | undefined =>
  deps.alerts ? { deps: { queue: deps.queue, policy: deps.alerts }, attempts } : undefined;

/** What an automatic attempt's next step means for its message. */
const SETTLEMENT: Record<NextStep['kind'], AttemptSettlement> = {
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  retry: 'RETRY',
};

/**
 * `webhook.attempt`: the first attempt of a message and its automatic retries. The attempt row,
 * the message's new state and the job's fate (done, or due again after the fixed delay) are
 * written in one transaction, conditional on still holding the job's lease.
 */
export function attemptHandler(deps: DeliveryDeps): JobHandler {
  return async (job) => {
    const { queue, clock } = deps;
    const message = await sendableMessage(deps, job);
    if (!message) return;
    const trigger: AttemptTrigger = message.attempts === 0 ? 'AUTOMATIC' : 'RETRY';
    const attemptsMade = message.attempts + 1;
    const { outcome, headers } = await send(deps, message, trigger);
    logAttempt(deps, message, outcome, trigger, attemptsMade);
    const now = clock.now();
    const step = nextStep({
      ok: outcome.kind === 'delivered',
      allowRetry: message.allowRetry,
      attemptsMade,
      policy: deps.retry,
      now,
    });
    const health = healthTail(message, outcome, now, alertsOf(deps, attemptsMade));
    const record = {
      message,
      outcome,
      trigger,
      retryAttempts: message.attempts,
      at: now,
      requestHeaders: headers,
    };
    const item = settlementItem(job, record, step, attemptsMade);
    // A group commit settles its batch's attempts with multi-row statements (settle-attempts.ts);
    // the work below is the one-by-one path (a failed batch's retries), with the same result.
    await deps.settle.run(
      async (trx) => {
        // A group commit may run this twice (db/group-commit.ts): start each run afresh.
        item.settled = false;
        // The attempt happened whatever else is true: it is always logged (and counted in health).
        const status = await recordAttempt(trx, record);
        // The subscription may have been paused (message HELD) or deleted (CANCELLED) meanwhile.
        const current = await lockMessageStatus(trx, queue.dialect, message.id);
        // A retry of a held message waits for the resume, which queues it again.
        const stillOurs =
          step.kind === 'retry' && current !== 'HELD'
            ? await queue.reschedule(trx, job, step.at)
            : await queue.complete(trx, job);
        if (!stillOurs) return;
        item.settled = await settleAttempt(trx, message.id, {
          settlement: SETTLEMENT[step.kind],
          attempts: attemptsMade,
          status,
          at: now,
        });
      },
      // The tail runs after the settlement (either path): it reads what it decided.
      batchedHealth(deps, health, message, outcome, now, () =>
        item.settled && step.kind === 'failed' ? 1 : 0,
      ),
      { batcher: settleAttempts, item },
    );
    health.committed();
    const failedNow = item.settled && step.kind === 'failed';
    if (failedNow) reportFailedMessage(deps.logger, message, outcome, attemptsMade);
  };
}

/**
 * An attempt's health tail, also as data for the batched path (settle-health.ts).
 * `failedDelta`, when given, sets the tail's delta from the settlement just before it runs.
 */
function batchedHealth(
  deps: DeliveryDeps,
  health: HealthTail,
  message: MessageContext,
  outcome: AttemptOutcome,
  at: number,
  failedDelta?: () => number,
): Tail {
  const work = (trx: Trx) => {
    if (failedDelta) health.failedDelta = failedDelta();
    return health.work(trx);
  };
  const item: HealthItem = {
    message,
    outcome,
    at,
    policy: deps.alerts,
    failedDelta: failedDelta ?? (() => health.failedDelta),
    work,
  };
  return batchedTail(health.key, work, { batcher: settleHealth, item });
}

/**
 * The message an attempt job is to send, or undefined when the job is finished without sending
 * (the message gone, settled or a listen subscription's) or the message held (paused).
 */
async function sendableMessage(deps: DeliveryDeps, job: Job): Promise<MessageContext | undefined> {
  const { db, queue } = deps;
  const message =
    deps.prefetch?.take(job.subject_id) ?? (await loadMessageContext(db, job.subject_id));
  // A listen subscription's messages stay PENDING for the cofre listen stream (webhooks/listen/):
  // a job for one (queued by a resume) is finished without sending, never failed or retried.
  if (
    !message ||
    message.status !== 'PENDING' ||
    message.subscriptionDeleted ||
    message.transport === 'listen'
  ) {
    await queue.complete(db, job);
    return undefined;
  }
  if (message.subscriptionStatus !== 'ACTIVE') {
    // Paused or disabled after this job was queued: hold the message until it is ACTIVE again.
    await hold(deps, job, message, ['PENDING']);
    return undefined;
  }
  return message;
}

/** An automatic attempt's settlement as data, for the batched path (settle-attempts.ts). */
function settlementItem(
  job: Job,
  record: AttemptRecord,
  step: NextStep,
  attemptsMade: number,
): AttemptSettlementItem {
  return {
    job,
    messageId: record.message.id,
    log: attemptLogRow(record),
    retryAt: step.kind === 'retry' ? step.at : undefined,
    settlement: SETTLEMENT[step.kind],
    attempts: attemptsMade,
    status: attemptStatusOf(record.outcome),
    at: record.at,
    settled: false,
  };
}

/**
 * `webhook.resend`: one manual attempt with the message's stored bytes (spec "Resend a
 * delivery"). No automatic retries follow a resend.
 */
export function resendHandler(deps: DeliveryDeps): JobHandler {
  return async (job) => {
    const { db, queue, clock } = deps;
    const message = await loadMessageContext(db, job.subject_id);
    if (!message || message.subscriptionDeleted || message.transport === 'listen') {
      await queue.complete(db, job);
      return;
    }
    if (message.subscriptionStatus !== 'ACTIVE') {
      // Paused or disabled after the resend was queued: hold the message; the resume sends it.
      await hold(deps, job, message, ['FAILED', 'SUCCEEDED']);
      return;
    }
    const { outcome, headers } = await send(deps, message, 'RESEND');
    logAttempt(deps, message, outcome, 'RESEND', message.attempts);
    const now = clock.now();
    const health = healthTail(message, outcome, now, alertsOf(deps, message.attempts));
    await deps.settle.run(
      async (trx) => {
        health.failedDelta = 0;
        const status = await recordAttempt(trx, {
          message,
          outcome,
          trigger: 'RESEND',
          retryAttempts: message.attempts,
          at: now,
          requestHeaders: headers,
        });
        if (!(await queue.complete(trx, job))) return;
        if (await settleResend(trx, message.id, { status, at: now })) health.failedDelta = -1;
      },
      batchedHealth(deps, health, message, outcome, now),
    );
    health.committed();
  };
}

/**
 * One HTTP attempt with the headers of the subscription's format, computed now (a
 * standard-webhooks attempt is signed with this send time and the secrets signing now; a resend
 * too), and the headers it sent, for its execution log.
 */
async function send(
  deps: DeliveryDeps,
  message: MessageContext,
  trigger: AttemptTrigger,
): Promise<{ outcome: AttemptOutcome; headers: Record<string, string> }> {
  const now = deps.clock.now();
  const headers = attemptHeaders({
    message,
    secrets: signingSecretsAt(message.secrets, now),
    format: message.signatureFormat,
    now,
  });
  const outcome = await withAttemptSpan(message, trigger, () =>
    sendAttempt({
      url: message.url,
      headers,
      body: message.body,
      dispatcher: deps.dispatcher,
      timeoutMs: deps.timeoutMs,
      clock: deps.clock,
    }),
  );
  return { outcome, headers };
}

/**
 * One line per HTTP attempt, at debug: enough to follow a delivery from the log alone, without
 * the URL, headers or bodies (the execution log keeps those, scoped to the customer).
 * `attempt` counts automatic attempts (1 = the first); a resend repeats the count so far.
 */
function logAttempt(
  deps: DeliveryDeps,
  message: MessageContext,
  outcome: AttemptOutcome,
  trigger: AttemptTrigger,
  attempt: number,
): void {
  observeAttempt(outcome, trigger, 'http');
  deps.logger?.debug(
    {
      messageId: message.id,
      subscriptionId: message.subscriptionId,
      eventType: message.eventType,
      status: attemptStatusOf(outcome),
      httpStatus: httpStatusOf(outcome),
      durationMs: Math.round(outcome.durationMs),
      trigger,
      attempt,
      outcome: outcome.kind,
    },
    'webhook attempt',
  );
}

/**
 * Finishes the job without sending and parks the message until its subscription resumes. A
 * FAILED message held leaves the subscription's failed count (the resume sends it again).
 */
async function hold(
  deps: DeliveryDeps,
  job: Job,
  message: MessageContext,
  from: MessageStatus[],
): Promise<void> {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deps.queue.complete(trx, job))) return;
    for (const status of from) {
      if (!(await holdMessage(trx, message.id, [status], at))) continue;
      if (status === 'FAILED') await adjustFailedMessages(trx, message.subscriptionId, -1, at);
      return;
    }
  });
}
