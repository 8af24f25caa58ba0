import { accepted, duration, observation, type CheckCase } from '../check-case.js';

const HOUR_MS = 3_600_000;
/** The sandbox's retry delay (docs/webhooks.md "Retries"): when a duplicate's retry comes. */
const RETRY_DELAY_MS = 5_000;
/**
 * How much earlier a standard-webhooks resend's first attempt is dated. The grader cannot send
 * in the past, and that format's receivers refuse a timestamp over 5 minutes old; 2 minutes is
 * well inside it, yet a different timestamp and signature than the resend's.
 */
const FIRST_ATTEMPT_AGE_MS = 120_000;

/** A delivery as the server makes it is taken, and acted on once. */
export const validDelivery: CheckCase = {
  id: 'valid',
  title: 'valid delivery',
  expected: () => '2xx; processed once',
  async run(context) {
    const message = context.message('OPERATION_REQUESTED', context.now);
    const answer = await context.send(context.attempt(message, context.now));
    const processed = await context.check.processed(message.id);
    return {
      pass: accepted(answer) && processed === 1,
      observed: observation(context, [answer], `processed ${processed}`),
    };
  },
};

/**
 * The same message again right after it was answered, as when the answer was lost or the
 * worker died before recording it: acknowledged again (else cofre keeps retrying) and not acted
 * on twice.
 */
export const duplicateMessage: CheckCase = {
  id: 'duplicate',
  title: 'duplicate message',
  expected: (format) =>
    format === 'cofre'
      ? 'same bytes twice: both 2xx; processed once'
      : 'same webhook-id re-signed 5 s later: both 2xx; processed once',
  async run(context) {
    const created = context.now - RETRY_DELAY_MS;
    const message = context.message('OPERATION_REQUESTED', created);
    const first = await context.send(context.attempt(message, created));
    const again = await context.send(context.attempt(message, context.now));
    const processed = await context.check.processed(message.id);
    return {
      pass: accepted(first) && accepted(again) && processed === 1,
      observed: observation(context, [first, again], `processed ${processed}`),
    };
  },
};

/**
 * A resend hours after the event (POST …/executionLogs/{id}/resend, or a recover after an
 * outage). cofre's format keeps the message's timestamp on every attempt, so both attempts say
 * "3 hours ago" and a receiver that checks that timestamp in minutes refuses them;
 * standard-webhooks signs each attempt when it is sent, so the resend has a new timestamp and
 * signature, and a receiver that deduplicates on those instead of the id acts twice.
 */
export const resendLater: CheckCase = {
  id: 'resend-later',
  title: 'resend hours later',
  expected: (format) =>
    format === 'cofre'
      ? 'message dated 3 h ago, sent twice: both 2xx; processed once'
      : 'same webhook-id re-signed 2 min later: both 2xx; processed once',
  async run(context) {
    const created = context.now - 3 * HOUR_MS;
    const message = context.message('OPERATION_REQUESTED', created);
    const first = await context.send(context.attempt(message, context.now - FIRST_ATTEMPT_AGE_MS));
    const resend = await context.send(context.attempt(message, context.now));
    const processed = await context.check.processed(message.id);
    return {
      pass: accepted(first) && accepted(resend) && processed === 1,
      observed: observation(context, [first, resend], `processed ${processed}`),
    };
  },
};

/**
 * A receiver too slow to answer within cofre's limit gets the retry while it still works on
 * the first attempt. The grader makes that overlap with any receiver, fast or slow: it sends
 * the retry (dated one timeout later) right after the first attempt, without waiting for the
 * first answer, then waits for both, each up to the timeout. One of them must be answered 2xx
 * in time (else cofre counts both as failed), and the message acted on once (a check-then-act
 * deduplication that is not atomic acts twice here).
 */
export const slowAcknowledgement: CheckCase = {
  id: 'slow-ack',
  title: 'slow acknowledgement',
  expected: (_format, timeoutMs) =>
    `retry while the first is unanswered: a 2xx within ${duration(timeoutMs)}; processed once`,
  async run(context) {
    const created = context.now - context.timeoutMs;
    const message = context.message('OPERATION_REQUESTED', created);
    const first = context.send(context.attempt(message, created));
    const retry = context.send(context.attempt(message, context.now));
    const answers = await Promise.all([first, retry]);
    const processed = await context.check.processed(message.id);
    return {
      pass: answers.some(accepted) && processed === 1,
      observed: observation(context, answers, `processed ${processed}`),
    };
  },
};
