/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/), the two headers cofre reads on API
 * requests and writes on webhook requests. Pure: no OpenTelemetry here, so the headers are
 * carried whether or not an SDK is registered (docs/tracing.md).
 */

/** What an event stores and its webhook requests send: a valid `traceparent`, maybe `tracestate`. */
export interface TraceContext {
  /** Always written as version 00: `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`. */
  traceparent: string;
  tracestate?: string;
}

export interface ParsedTraceparent {
  traceId: string;
  spanId: string;
  /** The flags byte (bit 0: sampled). */
  flags: number;
}

const HEX_FIELDS = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/**
 * Parses a `traceparent` header; undefined for anything the spec says to ignore: a repeated
 * header (Node joins repeats with ", ", which never matches), upper-case hex, version ff, an
 * all-zero trace or parent id, or extra fields on version 00. A higher version is read by its
 * version-00 prefix, as §3.2.4 asks ("parse it as if it were version 00").
 */
export function parseTraceparent(value: unknown): ParsedTraceparent | undefined {
  if (typeof value !== 'string' || value.length < 55 || value.length > 512) return undefined;
  const match = HEX_FIELDS.exec(value);
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  if (version === 'ff') return undefined;
  if (version === '00' && rest !== undefined) return undefined;
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  return { traceId, spanId, flags: Number.parseInt(flags, 16) };
}

export function formatTraceparent(parsed: ParsedTraceparent): string {
  return `00-${parsed.traceId}-${parsed.spanId}-${parsed.flags.toString(16).padStart(2, '0')}`;
}

/** §3.3: at most 32 comma-separated `key=value` members, each key and value per the grammar. */
const MEMBER =
  /^(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
const TRACESTATE_MAX_LENGTH = 512;
const TRACESTATE_MAX_MEMBERS = 32;

/** A valid `tracestate`, trimmed of optional whitespace and empty members; else undefined. */
export function parseTracestate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > TRACESTATE_MAX_LENGTH) return undefined;
  const members = value
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (members.length === 0 || members.length > TRACESTATE_MAX_MEMBERS) return undefined;
  if (!members.every((m) => MEMBER.test(m))) return undefined;
  const keys = members.map((m) => m.slice(0, m.indexOf('=')));
  if (new Set(keys).size !== keys.length) return undefined;
  return members.join(',');
}

/**
 * The trace context of incoming headers: undefined when `traceparent` is absent or invalid (an
 * invalid one is ignored, never an error, §3.2); an invalid `tracestate` is dropped alone.
 */
export function traceContextFrom(headers: Record<string, unknown>): TraceContext | undefined {
  const parsed = parseTraceparent(headers.traceparent);
  if (!parsed) return undefined;
  const tracestate = parseTracestate(headers.tracestate);
  return tracestate === undefined
    ? { traceparent: formatTraceparent(parsed) }
    : { traceparent: formatTraceparent(parsed), tracestate };
}
