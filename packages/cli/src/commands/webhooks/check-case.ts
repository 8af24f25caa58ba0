import type { SignatureFormat } from '@cofre/sdk/webhooks';
import type { ForwardResult } from '../listen/forward.js';
import type { DepositEventType, TestDeposit } from './deposit-events.js';
import type { ReceiverCheck } from './receiver-check.js';
import type { Delivery, TestMessage } from './test-messages.js';

/** What a case is run with: the format, the receiver, and ways to make and send deliveries. */
export interface CaseContext {
  readonly format: SignatureFormat;
  /** The secret the receiver verifies with. */
  readonly secret: string;
  /** How long an answer may take: cofre's delivery limit, 10 s, unless `--timeout-ms`. */
  readonly timeoutMs: number;
  /** Epoch ms when the case started: "now" for every time the case computes. */
  readonly now: number;
  /** A new message of an event of `deposit` (by default a new one) at `atMs`. */
  message(type: DepositEventType, atMs: number, deposit?: TestDeposit): TestMessage;
  /** One attempt of `message` at `atMs`, signed with `secrets` (by default the receiver's). */
  attempt(message: TestMessage, atMs: number, secrets?: readonly [string, ...string[]]): Delivery;
  /** POSTs it to the receiver and waits for the answer up to `timeoutMs`. */
  send(delivery: Delivery): Promise<ForwardResult>;
  /** The receiver's check endpoint, read once every delivery of the case is answered. */
  readonly check: ReceiverCheck;
}

export interface CaseOutcome {
  pass: boolean;
  /** What happened, as short as the table's column: the answers, then what the check read. */
  observed: string;
}

/**
 * One scripted situation a receiver must handle (docs/webhooks.md "Grade your receiver"): a
 * registry entry of check-cases.ts. Cases are independent: each uses new message and resource
 * ids, so one failing case never makes another fail, and a receiver can be graded again and
 * again without being reset.
 */
export interface CheckCase {
  id: string;
  title: string;
  /** What a correct receiver does, for the table, per format where they differ. */
  expected(format: SignatureFormat, timeoutMs: number): string;
  run(context: CaseContext): Promise<CaseOutcome>;
}

/** cofre counts any 2xx as delivered (docs/webhooks.md "Answer, deduplicate, replay"). */
export const accepted = (answer: ForwardResult): boolean =>
  answer.status >= 200 && answer.status < 300;

/**
 * A refusal the sender can understand as "not yours": a 4xx. A 5xx would read as the
 * receiver's own failure and a 2xx as having taken it.
 */
export const refused = (answer: ForwardResult): boolean =>
  answer.status >= 400 && answer.status < 500;

/** An answer as the table shows it: the status, or why there was none. */
export function describeAnswer(answer: ForwardResult, timeoutMs: number): string {
  if (!('timedOut' in answer)) return String(answer.status);
  if (answer.timedOut) return `no answer in ${duration(timeoutMs)}`;
  return `no answer (${answer.error.split(':')[0]})`;
}

/** The `observed` column: the answers in order, then what the check endpoint read. */
export function observation(
  context: CaseContext,
  answers: readonly ForwardResult[],
  read: string,
): string {
  return `${answers.map((answer) => describeAnswer(answer, context.timeoutMs)).join(', ')}; ${read}`;
}

/** A time limit as people write it: whole seconds in s, anything else in ms. */
export const duration = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
