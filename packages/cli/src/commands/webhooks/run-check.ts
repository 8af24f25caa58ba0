import type { SignatureFormat } from '@cofre/sdk/webhooks';
import { forward, type ForwardResult } from '../listen/forward.js';
import { observation, type CaseContext, type CheckCase } from './check-case.js';
import { CHECK_CASES } from './check-cases.js';
import { depositEventBody, newDeposit } from './deposit-events.js';
import { ReceiverCheck } from './receiver-check.js';
import { attemptOf, newMessage } from './test-messages.js';
import { testId } from './test-ids.js';

export interface CheckTarget {
  url: URL;
  /** The check endpoint's base, without a trailing slash. */
  checkBase: string;
  format: SignatureFormat;
  secret: string;
  timeoutMs: number;
}

/** One row of the grade: what was expected, what happened, and whether that passes. */
export interface CaseResult {
  id: string;
  title: string;
  expected: string;
  observed: string;
  pass: boolean;
  durationMs: number;
}

/**
 * Runs the cases one after another against the receiver (never two at once: a case's reads of
 * the check endpoint must see only its own deliveries' effects). A case that throws (the check
 * endpoint did not answer as documented) fails with the answers it had and the reason.
 */
export async function runCheck(
  target: CheckTarget,
  cases: readonly CheckCase[] = CHECK_CASES,
): Promise<CaseResult[]> {
  const check = new ReceiverCheck(target.checkBase, target.timeoutMs);
  const results: CaseResult[] = [];
  for (const one of cases) {
    const started = performance.now();
    const answers: ForwardResult[] = [];
    const context = caseContext(target, check, answers);
    let outcome;
    try {
      outcome = await one.run(context);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      outcome = {
        pass: false,
        observed: answers.length > 0 ? observation(context, answers, why) : why,
      };
    }
    results.push({
      id: one.id,
      title: one.title,
      expected: one.expected(target.format, target.timeoutMs),
      ...outcome,
      durationMs: Math.round(performance.now() - started),
    });
  }
  return results;
}

function caseContext(
  target: CheckTarget,
  check: ReceiverCheck,
  answers: ForwardResult[],
): CaseContext {
  return {
    format: target.format,
    secret: target.secret,
    timeoutMs: target.timeoutMs,
    now: Date.now(),
    check,
    message: (type, atMs, deposit = newDeposit(atMs)) =>
      newMessage(depositEventBody(type, deposit, atMs), atMs),
    attempt: (message, atMs, secrets = [target.secret]) =>
      attemptOf(message, target.format, secrets, atMs),
    async send(delivery) {
      const answer = await forward(target.url, delivery.headers, delivery.body, {
        timeoutMs: target.timeoutMs,
        ownConnection: true,
      });
      answers.push(answer);
      return answer;
    },
  };
}

/**
 * Asks the check endpoint about a message id nobody sent, before grading: `null` when it
 * answers `{"processed": 0}` as documented, else why not (every case that reads it would fail
 * for that reason, which is said once up front).
 */
export async function probeCheckEndpoint(target: CheckTarget): Promise<string | null> {
  try {
    const processed = await new ReceiverCheck(target.checkBase, target.timeoutMs).processed(
      testId('msg', Date.now()),
    );
    return processed === 0 ? null : `it reports ${processed} runs of a message id never sent`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
