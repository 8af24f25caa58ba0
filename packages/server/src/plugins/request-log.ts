import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query parameter names whose values never reach a log line, compared case-insensitively and
 * without `_`/`-`: `access_token`, `accessToken` and `ACCESS-TOKEN` are one name. The API refuses
 * credentials in the URL (unknown query parameters are a 400), but the request was still made
 * and is still logged; what a caller leaked must not be kept.
 */
const SENSITIVE_NAMES = new Set([
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'token',
  'clientsecret',
  'secret',
  'password',
  'passwd',
  'pwd',
  'apikey',
  'key',
  'authorization',
  'auth',
  'code',
  'signature',
  'sig',
  'credential',
  'credentials',
]);

/** Names that contain one of these are sensitive too (`webhook_secret`, `x-api-token`). */
const SENSITIVE_PARTS = ['token', 'secret', 'password', 'apikey', 'credential'];

export const REDACTED = '[redacted]';

function normalizedName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape is compared as written.
  }
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

export function isSensitiveName(raw: string): boolean {
  const name = normalizedName(raw);
  return SENSITIVE_NAMES.has(name) || SENSITIVE_PARTS.some((part) => name.includes(part));
}

const RAIL_WEBHOOK_SECRET = /^(\/rails\/[^/?]+\/webhook\/)[^/?]*/;

/**
 * The URL as it may be logged: the path as sent (but a rail callback's secret segment), and the value of every query parameter with a
 * sensitive name replaced by `[redacted]` (names and the other values are kept, so the line still
 * shows what was asked).
 */
export function redactUrl(raw: string): string {
  // A rail's callback path carries its secret (docs/rails.md "PIX": /rails/pix/webhook/<secret>/…).
  const url = raw.startsWith('/rails/') ? raw.replace(RAIL_WEBHOOK_SECRET, `$1${REDACTED}`) : raw;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&');
  let changed = false;
  const out = pairs.map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !isSensitiveName(name)) return pair;
    changed = true;
    return `${name}=${REDACTED}`;
  });
  return changed ? `${url.slice(0, q)}?${out.join('&')}` : url;
}

/** The one line a request leaves in the log, on completion; its `url` has credentials redacted. */
export function logCompletion(
  error: Error | null | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const line = {
    method: request.method,
    url: redactUrl(request.url),
    statusCode: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
  };
  if (error) reply.log.error({ ...line, err: error }, 'request errored');
  else reply.log.info(line, 'request completed');
}

/**
 * Paths probed every few seconds by orchestrators and Prometheus: a line per call would drown
 * the log. Their failures (an error, a 4xx or 5xx such as /readyz's 503) are still logged.
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const isQuietProbe = (
  error: Error | null | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean => !error && reply.statusCode < 400 && PROBE_PATHS.has(request.url.split('?', 1)[0]!);

/** One log line per request (on completion), not two; none for a successful probe. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (isQuietProbe(error, request, reply)) return;
    logCompletion(error, request, reply);
  }
}
