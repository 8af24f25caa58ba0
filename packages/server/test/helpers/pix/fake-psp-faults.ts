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
  /** Requests whose answer is held after the PSP applied them (a worker killed mid-call). */
  private hold: { method: string; pathIncludes: string } | undefined;
  private readonly waiting = new Set<() => void>();
  /** How many answers were held so far (each one's request already applied). */
  held = 0;

  holdAnswers(method: string, pathIncludes: string): void {
    this.hold = { method, pathIncludes };
  }

  /** Sends every held answer (to sockets that may be gone) and holds no more. */
  releaseAnswers(): void {
    this.hold = undefined;
    for (const release of this.waiting) release();
    this.waiting.clear();
  }

  /** Resolves when this applied request's answer may go: at once, or on releaseAnswers(). */
  answerGate(method: string, path: string): Promise<void> {
    if (!this.hold || this.hold.method !== method || !path.includes(this.hold.pathIncludes)) {
      return Promise.resolve();
    }
    this.held += 1;
    return new Promise((resolve) => this.waiting.add(resolve));
  }

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
