import type { Dispatcher } from 'undici';
import type { Db } from '../db/database.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { ContextPrefetch } from './context-prefetch.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/job-worker.js';
import type { Job } from '../jobs/jobs.table.js';
import type { Clock } from '../lib/clock.js';
import { loadMessageContext, type MessageContext } from './message-context.js';
import type { MessageStatus } from './messages.table.js';
import { recordAttempt } from './record-attempt.js';
import { nextStep, type RetryPolicy } from './retry-policy.js';
import { sendAttempt, type AttemptOutcome } from './send-attempt.js';

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
}

/**
 * `webhook.attempt`: the first attempt of a message and its automatic retries. The attempt row,
 * the message's new state and the job's fate (done, or due again after the fixed delay) are
 * written in one transaction, conditional on still holding the job's lease.
 */
export function attemptHandler(deps: DeliveryDeps): JobHandler {
  return async (job) => {
    const { db, queue, clock } = deps;
    const message =
      deps.prefetch?.take(job.subject_id) ?? (await loadMessageContext(db, job.subject_id));
    if (!message || message.status !== 'PENDING' || message.subscriptionDeleted) {
      await queue.complete(db, job);
      return;
    }
    if (message.subscriptionStatus === 'PAUSED') {
      // Paused after this job was queued: hold the message until the subscription resumes.
      await holdMessage(deps, job, message.id, ['PENDING']);
      return;
    }
    const outcome = await send(deps, message);
    const now = clock.now();
    const attemptsMade = message.attempts + 1;
    const step = nextStep({
      ok: outcome.kind === 'delivered',
      allowRetry: message.allowRetry,
      attemptsMade,
      policy: deps.retry,
      now,
    });
    await deps.settle.run(async (trx) => {
      // The attempt happened whatever else is true: it is always logged.
      const status = await recordAttempt(trx, {
        message,
        outcome,
        trigger: message.attempts === 0 ? 'AUTOMATIC' : 'RETRY',
        retryAttempts: message.attempts,
        at: now,
      });
      // The subscription may have been paused (message HELD) or deleted (CANCELLED) meanwhile.
      const current = await lockMessageState(trx, queue, message.id);
      const held = current === 'HELD';
      const stillOurs =
        step.kind === 'retry' && !held
          ? await queue.reschedule(trx, job, step.at)
          : await queue.complete(trx, job);
      if (!stillOurs || (current !== 'PENDING' && current !== 'HELD')) return;
      await trx
        .updateTable('messages')
        .set({
          attempts: attemptsMade,
          last_attempt_at: now,
          last_attempt_status: status,
          // A retry of a held message waits for the resume, which queues it again.
          status:
            step.kind === 'succeeded'
              ? 'SUCCEEDED'
              : step.kind === 'failed'
                ? 'FAILED'
                : held
                  ? 'HELD'
                  : 'PENDING',
          updated_at: now,
        })
        .where('id', '=', message.id)
        .where('status', 'in', ['PENDING', 'HELD'])
        .execute();
    });
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
    if (!message || message.subscriptionDeleted) {
      await queue.complete(db, job);
      return;
    }
    if (message.subscriptionStatus === 'PAUSED') {
      // Paused after the resend was queued: hold the message; the resume sends it.
      await holdMessage(deps, job, message.id, ['SUCCEEDED', 'FAILED']);
      return;
    }
    const outcome = await send(deps, message);
    const now = clock.now();
    await deps.settle.run(async (trx) => {
      const status = await recordAttempt(trx, {
        message,
        outcome,
        trigger: 'RESEND',
        retryAttempts: message.attempts,
        at: now,
      });
      if (!(await queue.complete(trx, job))) return;
      // A message in the middle of automatic retries keeps its own course.
      await trx
        .updateTable('messages')
        .set({
          last_attempt_at: now,
          last_attempt_status: status,
          ...(status === 'SUCCESS' ? { status: 'SUCCEEDED' as const } : {}),
          updated_at: now,
        })
        .where('id', '=', message.id)
        .where('status', 'in', ['SUCCEEDED', 'FAILED'])
        .execute();
    });
  };
}

/** The message's current state, row-locked on PostgreSQL so a concurrent pause waits for us. */
async function lockMessageState(
  trx: Db,
  queue: JobQueue,
  messageId: string,
): Promise<MessageStatus | undefined> {
  const query = trx.selectFrom('messages').select('status').where('id', '=', messageId);
  const row = await queue.dialect.forUpdate(query).executeTakeFirst();
  return row?.status;
}

const send = (deps: DeliveryDeps, message: MessageContext): Promise<AttemptOutcome> =>
  sendAttempt({
    url: message.url,
    headers: message.headers,
    body: message.body,
    dispatcher: deps.dispatcher,
    timeoutMs: deps.timeoutMs,
    clock: deps.clock,
  });

/** Finishes the job without sending and parks the message until its subscription resumes. */
async function holdMessage(
  deps: DeliveryDeps,
  job: Job,
  messageId: string,
  from: MessageStatus[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (await deps.queue.complete(trx, job)) {
      await trx
        .updateTable('messages')
        .set({ status: 'HELD', updated_at: deps.clock.now() })
        .where('id', '=', messageId)
        .where('status', 'in', from)
        .execute();
    }
  });
}
