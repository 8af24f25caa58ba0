import type { Tail } from '../../db/group-commit.js';
import { tallyAttempt } from './subscription-health.repository.js';
import type { MessageContext } from '../delivery/message-context.js';
import { attemptErrorOf, httpStatusOf } from '../delivery/record-attempt.js';
import type { AttemptOutcome } from '../delivery/send-attempt.js';

/** A settlement's tail that counts its attempt into the subscription's health row. */
export interface HealthTail extends Tail {
  /** Set by the settlement: how the attempt changed the subscription's FAILED messages. */
  failedDelta: number;
}

/**
 * The health write of one attempt, run after every settlement of its group commit in
 * subscription order (db/group-commit.ts `Tail`). The settlement sets `failedDelta` before the
 * tail runs, and resets it first, since a failed batch runs each unit again on its own.
 */
export function healthTail(
  message: MessageContext,
  outcome: AttemptOutcome,
  at: number,
): HealthTail {
  const tail: HealthTail = {
    key: message.subscriptionId,
    failedDelta: 0,
    work: (trx) =>
      tallyAttempt(
        trx,
        outcome.kind === 'delivered'
          ? {
              subscriptionId: message.subscriptionId,
              messageId: message.id,
              at,
              ok: true,
              failedDelta: tail.failedDelta,
            }
          : {
              subscriptionId: message.subscriptionId,
              messageId: message.id,
              at,
              ok: false,
              httpStatus: httpStatusOf(outcome),
              error: attemptErrorOf(outcome),
              failedDelta: tail.failedDelta,
            },
      ),
  };
  return tail;
}
