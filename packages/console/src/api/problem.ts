/**
 * An API refusal as the console shows it: the RFC 9457 problem document the server sent
 * (docs/errors.md), or a stand-in when the answer was not one (network down, 502 from a proxy).
 */
export interface FieldError {
  pointer: string;
  code?: string;
  detail: string;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly requestId?: string,
  ) {
    super(detail || title);
    this.name = 'ApiProblem';
  }

  /** The message of the field at `pointer` (e.g. "/amount"), if the server named it. */
  fieldError(pointer: string): string | undefined {
    return this.errors.find((e) => e.pointer === pointer)?.detail;
  }
}

/** Reads a failed response into an ApiProblem (whatever its body). */
export async function problemFrom(response: Response, body?: unknown): Promise<ApiProblem> {
  let doc = body;
  if (doc === undefined) {
    const text = await response.text().catch(() => '');
    try {
      doc = JSON.parse(text);
    } catch {
      doc = undefined;
    }
  }
  return problemOf(response.status, doc, response.headers.get('x-request-id') ?? undefined);
}

export function problemOf(status: number, doc: unknown, requestId?: string): ApiProblem {
  const d = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  // The token endpoint answers RFC 6749 errors ({error, error_description}) for bad credentials.
  const code = str(d.code, str(d.error, status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`));
  const title = str(d.title, status === 0 ? 'The server could not be reached' : `HTTP ${status}`);
  const detail = str(d.detail, str(d.error_description, ''));
  const errors = Array.isArray(d.errors)
    ? (d.errors as unknown[]).flatMap((e) => {
        const f = e as Record<string, unknown>;
        return typeof f.pointer === 'string'
          ? [{ pointer: f.pointer, code: str(f.code, ''), detail: str(f.detail, '') }]
          : [];
      })
    : [];
  return new ApiProblem(status, code, title, detail, errors, requestId);
}
