/**
 * What happens after an automatic attempt (spec section 3, "Delivery attempt"): any 2xx settles the
 * message; otherwise it is retried after a fixed delay while the budget lasts — only when the
 * subscription allows retries — and then it is FAILED for good.
 */
export interface RetryPolicy {
  maxRetries: number;
  delayMs: number;
}

export type NextStep = { kind: 'succeeded' } | { kind: 'retry'; at: number } | { kind: 'failed' };

export function nextStep(input: {
  ok: boolean;
  allowRetry: boolean;
  /** Automatic attempts made, including the one just finished. */
  attemptsMade: number;
  policy: RetryPolicy;
  now: number;
}): NextStep {
  if (input.ok) return { kind: 'succeeded' };
  const retriesMade = input.attemptsMade - 1;
  if (input.allowRetry && retriesMade < input.policy.maxRetries) {
    return { kind: 'retry', at: input.now + input.policy.delayMs };
  }
  return { kind: 'failed' };
}
