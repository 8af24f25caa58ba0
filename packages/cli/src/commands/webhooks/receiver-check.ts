/** The receiver's check endpoint did not answer as docs/webhooks.md "Grade your receiver" says. */
export class CheckEndpointError extends Error {
  override name = 'CheckEndpointError';
}

/**
 * The client of a receiver's check endpoint (docs/webhooks.md "Grade your receiver: cofre
 * webhooks check"): what the receiver itself says it did, read after every delivery of a case
 * has been answered.
 *
 * - `GET <base>/messages/<messageId>` → `200 {"processed": n}`: how many times the receiver
 *   acted on that message (0 for an id it never acted on).
 * - `GET <base>/resources/<resourceId>` → `200 {"status": "…"}`: the `data.status` of the
 *   snapshot it holds for that resource, `null` for one it holds none of.
 */
export class ReceiverCheck {
  constructor(
    /** e.g. `http://localhost:3000/webhooks/cofre-check`, without a trailing slash. */
    readonly base: string,
    private readonly timeoutMs: number,
  ) {}

  async processed(messageId: string): Promise<number> {
    const body = await this.read(`messages/${encodeURIComponent(messageId)}`);
    const processed = body.processed;
    if (typeof processed !== 'number' || !Number.isInteger(processed) || processed < 0) {
      throw new CheckEndpointError(`${this.base}/messages/… answered no whole "processed" count`);
    }
    return processed;
  }

  async status(resourceId: string): Promise<string | null> {
    const body = await this.read(`resources/${encodeURIComponent(resourceId)}`);
    const status = body.status;
    if (status !== null && typeof status !== 'string') {
      throw new CheckEndpointError(
        `${this.base}/resources/… answered no "status" (a string or null)`,
      );
    }
    return status;
  }

  private async read(path: string): Promise<Record<string, unknown>> {
    const url = `${this.base}/${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new CheckEndpointError(
        `check endpoint unreachable (${cause ?? (error instanceof Error ? error.name : 'error')})`,
      );
    }
    const text = await response.text();
    if (response.status !== 200) {
      throw new CheckEndpointError(`check endpoint answered ${response.status}`);
    }
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null) return body as Record<string, unknown>;
    } catch {
      // Reported below, as for any body that is not a JSON object.
    }
    throw new CheckEndpointError('check endpoint answered something other than a JSON object');
  }
}
