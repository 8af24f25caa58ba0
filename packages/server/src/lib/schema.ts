import { Type, type TUnsafe } from '@sinclair/typebox';

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
