import { Type, type TString, type TUnsafe } from '@sinclair/typebox';

/**
 * A closed set of strings as a JSON Schema `enum` (one clear validation message listing the
 * allowed values, and an `enum` in the OpenAPI document), typed as the union of its members.
 */
export function StringEnum<T extends string>(
  values: readonly T[],
  options: Record<string, unknown> = {},
): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

/**
 * Longest date-time a request may carry: RFC 3339 with nanoseconds and an offset is 35
 * characters (`2026-11-22T08:50:00.123456789+00:00`); docs/api.md "Input limits".
 */
export const MAX_DATE_TIME_CHARS = 64;

/** A date-time in a request (RFC 3339), bounded like every request string. */
export function DateTimeInput(options: Record<string, unknown> = {}): TString {
  return Type.String({ format: 'date-time', maxLength: MAX_DATE_TIME_CHARS, ...options });
}

/**
 * The pattern of free text: at least one character that is not white space (JavaScript's `\s`:
 * spaces, tabs, line breaks, no-break and other Unicode spaces). docs/api.md "Input limits".
 */
export const NOT_BLANK = '\\S';

/**
 * Free text in a request — a name, a description, a reason — as one rule everywhere: 1 to
 * `maxLength` characters, not all of them white space. A blank value says nothing, and is
 * refused like an empty one (400 INVALID_DATA, `INVALID_FORMAT`). It is stored as given,
 * never trimmed. (NUL and unpaired surrogates are refused on every route before validation.)
 */
export function FreeText(maxLength: number, options: Record<string, unknown> = {}): TString {
  return Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK, ...options });
}
