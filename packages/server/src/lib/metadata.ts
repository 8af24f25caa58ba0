import { Type, type Static } from '@sinclair/typebox';
import { invalidData } from './errors.js';

/**
 * Metadata: the integrator's own string key/value pairs on a resource (accounts, beneficiaries,
 * subscriptions, operations), stored and shown as given, never interpreted by cofre. The limits
 * are Stripe's, which integrators already know (docs/api.md "Metadata"):
 * - at most 50 keys;
 * - a key is 1 to 40 characters, none of them `[`, `]` (the list filter's `metadata[key]=value`
 *   syntax could not name it) or a control character (U+0000-U+001F, U+007F);
 * - a value is a string of at most 500 characters; an empty value means "no such key" (dropped
 *   at creation, removes the key in a PATCH), so stored metadata never has an empty value.
 */
export const METADATA_MAX_KEYS = 50;
/**
 * At most this many pairs in one list filter (`metadata[k]=v`, ANDed), fewer than a resource may
 * store: what one filtered page costs grows with its pairs (db/metadata-filter.ts states the
 * bound; docs/api.md "Metadata").
 */
export const METADATA_FILTER_MAX_PAIRS = 10;
export const METADATA_MAX_KEY_CHARS = 40;
export const METADATA_MAX_VALUE_CHARS = 500;

/** A key's characters: anything but brackets and control characters. */
export const METADATA_KEY_PATTERN = '^[^\\[\\]\\u0000-\\u001F\\u007F]+$';

export type Metadata = Record<string, string>;

const keySchema = {
  minLength: 1,
  maxLength: METADATA_MAX_KEY_CHARS,
  pattern: METADATA_KEY_PATTERN,
};

/**
 * An object of string values in raw JSON Schema: `propertyNames` states the key rules, so a
 * validator (ours, a generator's) knows them, and ajv's error names the offending key
 * (plugins/errors.ts turns it into the pointer `/metadata/<key>`).
 */
const metadataObject = (value: Record<string, unknown>, description: string) =>
  Type.Unsafe<Metadata>({
    type: 'object',
    maxProperties: METADATA_MAX_KEYS,
    propertyNames: keySchema,
    additionalProperties: { type: 'string', maxLength: METADATA_MAX_VALUE_CHARS, ...value },
    description,
  });

/** `metadata` in a creation body and in every view. */
export const Metadata = metadataObject(
  {},
  'Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata".',
);

/** `metadata` in a view: always present, `{}` when none. */
export const MetadataView = Type.Unsafe<Metadata>({
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Your own key/value pairs, `{}` when none (docs/api.md "Metadata").',
  examples: [{ orderId: '6735', channel: 'web' }],
});

/** `metadata` in a PATCH body: merged into the current pairs; `null` removes them all. */
export const MetadataPatch = Type.Union(
  [
    metadataObject(
      {},
      'Merged into the current metadata: a key given replaces its value, a key set to "" is removed, keys not given stay. The result is held to the same limits.',
    ),
    Type.Null({ description: 'Removes every key.' }),
  ],
  { description: 'Merged into the current metadata ("" removes a key); null removes every key.' },
);
export type MetadataPatch = Static<typeof MetadataPatch>;

/**
 * Metadata as stored from a creation: the pairs given without the empty values, keys in the
 * order given. `undefined` (no member) is `{}`.
 */
export function metadataOf(input: Metadata | undefined): Metadata {
  const out: Metadata = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== '') defineKey(out, key, value);
  }
  return out;
}

/**
 * The PATCH rule (Stripe's): a key given replaces its value, a key given as "" is removed, keys
 * not given stay; `null` removes every key; `undefined` (no member) changes nothing. The merged
 * result may not exceed the key limit: 400 INVALID_DATA pointing at `/metadata`.
 */
export function mergeMetadata(current: Metadata, patch: MetadataPatch | undefined): Metadata {
  if (patch === undefined) return current;
  if (patch === null) return {};
  const out: Metadata = {};
  for (const [key, value] of Object.entries(current)) defineKey(out, key, value);
  for (const [key, value] of Object.entries(patch)) {
    if (value === '') delete out[key];
    else defineKey(out, key, value);
  }
  const count = Object.keys(out).length;
  if (count > METADATA_MAX_KEYS) {
    throw invalidData([
      {
        pointer: '/metadata',
        in: 'body',
        code: 'INVALID_LENGTH',
        detail: `metadata would have ${count} keys after this change; at most ${METADATA_MAX_KEYS} are allowed (remove some with "").`,
      },
    ]);
  }
  return out;
}

/** A stored `metadata` column (JSON text) as the view shows it. */
export function parseMetadata(column: string | null | undefined): Metadata {
  // Most rows have none (`{}`, the column's default): no parse for those on a list page.
  if (!column || column === '{}') return {};
  const parsed = JSON.parse(column) as unknown;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Metadata)
    : {};
}

/** Metadata as the `metadata` column stores it. */
export const serializeMetadata = (metadata: Metadata): string => JSON.stringify(metadata);

/**
 * An own data property even for a key like `__proto__` (a plain assignment would set the
 * prototype instead of storing the pair).
 */
function defineKey(target: Metadata, key: string, value: string): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
