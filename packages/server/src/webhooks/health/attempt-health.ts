import type { Tail } from '../../db/group-commit.js';
import type { Tx } from '../../db/transact.js';
import { isOperationalEvent } from '../events/event-catalog.js';
import { tallyAttempt, type AttemptTally } from './subscription-health.repository.js';
import type { MessageContext } from '../delivery/message-context.js';
import { attemptErrorOf, httpStatusOf } from '../delivery/record-attempt.js';
import type { AttemptOutcome } from '../delivery/send-attempt.js';
import { raiseAlerts, reportExhausted, type AlertDeps, type LastAttempt } from './raise-alerts.js';

/** A settlement's tail that counts its attempt into the subscription's health row. */
export interface HealthTail extends Tail {
  /** Set by the settlement: how the attempt changed the subscription's FAILED messages. */
  failedDelta: number;
  /** Runs what the tail's writes announce once they committed (workers woken for new jobs). */
  committed(): void;
}

/** Delivery alerts for an http delivery's attempt: the automatic attempts made so far. */
export interface AttemptAlerts {
  deps: AlertDeps;
  attempts: number;
}

/**
 * The health write of one attempt, run after every settlement of its group commit in
 * subscription order (db/group-commit.ts `Tail`). The settlement sets `failedDelta` before the
 * tail runs, and resets it first, since a failed batch runs each unit again on its own. With
 * `alerts` (http deliveries; not `cofre listen`), an attempt of a business message also counts
 * into the alert window and may raise delivery alerts (raise-alerts.ts); an operational message
 * never does, so alerts cannot feed on each other.
 */
export function healthTail(
  message: MessageContext,
  outcome: AttemptOutcome,
  at: number,
  alerts?: AttemptAlerts,
): HealthTail {
  let hooks: (() => void)[] = [];
  const tail: HealthTail = {
    key: message.subscriptionId,
    failedDelta: 0,
    work: async (trx) => {
      hooks = [];
      const tx: Tx = { trx, afterCommit: (hook) => void hooks.push(hook) };
      await countAttempt(tx, message, outcome, at, tail.failedDelta, alerts);
    },
    committed: () => {
      for (const hook of hooks) hook();
      hooks = [];
    },
  };
  return tail;
}

async function countAttempt(
  tx: Tx,
  message: MessageContext,
  outcome: AttemptOutcome,
  at: number,
  failedDelta: number,
  alerts: AttemptAlerts | undefined,
): Promise<void> {
  const counted = alerts !== undefined && !isOperationalEvent(message.eventType);
  const state = await tallyAttempt(
    tx.trx,
    tallyOf(message, outcome, at, failedDelta),
    counted ? { windowMs: alerts.deps.policy.windowMs } : undefined,
  );
  if (!counted) return;
  const last: LastAttempt = {
    at,
    httpStatus: httpStatusOf(outcome),
    error: attemptErrorOf(outcome),
  };
  if (failedDelta === 1)
    await reportExhausted(tx, alerts.deps.queue, message, alerts.attempts, last);
  if (state) await raiseAlerts(tx, alerts.deps, message, state, last);
}

function tallyOf(
  message: MessageContext,
  outcome: AttemptOutcome,
  at: number,
  failedDelta: number,
): AttemptTally {
  const base = { subscriptionId: message.subscriptionId, messageId: message.id, at, failedDelta };
  return outcome.kind === 'delivered'
    ? { ...base, ok: true }
    : { ...base, ok: false, httpStatus: httpStatusOf(outcome), error: attemptErrorOf(outcome) };
}
