import type { FakePspReply } from './fake-psp-problem.js';
import { problem } from './fake-psp-problem.js';

/**
 * What a real PSP does that API Pix does not document: answers 5xx while it is failing, 429
 * with Retry-After when rate-limited (none of 401, 429 or 500–504 is in the document's response
 * lists), and slowness. Each fault is counted down by the requests it answers.
 */
export class FakePspFaults {
  private failures: { left: number; status: number } = { left: 0, status: 503 };
  private tokenFailures: { left: number; status: number } = { left: 0, status: 503 };
  private limits: { left: number; retryAfterSeconds: number } = { left: 0, retryAfterSeconds: 1 };
  delayMs = 0;

  fail(times: number, status: number): void {
    this.failures = { left: times, status };
  }

  failTokens(times: number, status: number): void {
    this.tokenFailures = { left: times, status };
  }

  rateLimit(times: number, retryAfterSeconds: number): void {
    this.limits = { left: times, retryAfterSeconds };
  }

  /** The fault answering this API request, if any (rate limits before failures). */
  nextApi(): FakePspReply | undefined {
    if (this.limits.left > 0) {
      this.limits.left -= 1;
      const reply = problem(429, 'MuitasRequisicoes', 'Too many requests.');
      return { ...reply, headers: { 'retry-after': String(this.limits.retryAfterSeconds) } };
    }
    if (this.failures.left > 0) {
      this.failures.left -= 1;
      return problem(this.failures.status, 'ServicoIndisponivel', 'Serviço indisponível.');
    }
    return undefined;
  }

  nextToken(): FakePspReply | undefined {
    if (this.tokenFailures.left <= 0) return undefined;
    this.tokenFailures.left -= 1;
    return { status: this.tokenFailures.status, body: { error: 'temporarily_unavailable' } };
  }
}
