/**
 * The wait a `Retry-After` header asks for, in milliseconds (RFC 9110 section 10.2.3): either a
 * number of seconds or an HTTP-date. A date in the past is no wait (0); a value that is neither
 * is ignored (undefined), so a PSP's malformed header never becomes a made-up delay.
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  // An HTTP-date always names its weekday and GMT (IMF-fixdate, or the obsolete RFC 850 and
  // asctime forms Date.parse also reads); a bare number or a word is not one.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
