/**
 * What happens to a job whose handler threw. Handler errors are bugs or outages, not a
 * receiver's answer (webhook retries follow the subscription's fixed delay and never throw), so
 * they back off exponentially — attempt n waits base·2^(n-1), capped — with "equal jitter" (a
 * random half of the wait) so a batch that failed together does not come back together. After
 * `maxAttempts` failures the job is parked for an operator.
 */
export interface JobFailurePolicy {
  maxAttempts: number;
  backoffMs: number;
  backoffMaxMs: number;
}

export const DEFAULT_JOB_FAILURE_POLICY: JobFailurePolicy = {
  maxAttempts: 10,
  backoffMs: 1_000,
  backoffMaxMs: 600_000,
};

export type FailureStep = { kind: 'retry'; at: number } | { kind: 'park' };

export function afterFailure(input: {
  /** Failures so far, including the one just seen. */
  attempts: number;
  policy: JobFailurePolicy;
  now: number;
  /** A number in [0, 1); tests pin it. */
  random?: () => number;
}): FailureStep {
  const { attempts, policy, now } = input;
  if (attempts >= policy.maxAttempts) return { kind: 'park' };
  const ceiling = backoffCeiling(attempts, policy);
  const jitter = Math.floor((input.random ?? Math.random)() * (ceiling / 2));
  return { kind: 'retry', at: now + Math.ceil(ceiling / 2) + jitter };
}

/** The longest wait after the `attempts`-th failure: base·2^(attempts-1), at most the cap. */
export function backoffCeiling(attempts: number, policy: JobFailurePolicy): number {
  // 2^30 already exceeds any sane cap; bounding the exponent keeps the number finite.
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.backoffMaxMs, policy.backoffMs * 2 ** exponent);
}
