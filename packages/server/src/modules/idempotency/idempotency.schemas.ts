import { Type } from '@sinclair/typebox';

/** Longest Idempotency-Key (visible ASCII), as IdempotencyService checks it. */
export const MAX_IDEMPOTENCY_KEY_CHARS = 255;
/** Visible ASCII only (no spaces, no control characters), as IdempotencyService checks it. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]+$';

const key = (description: string) =>
  Type.Optional(
    Type.String({
      description,
      // Stated for the OpenAPI document; IdempotencyService enforces it and names the header in
      // its INVALID_DATA answer (pointer `/Idempotency-Key`, in `header`). These capitalised
      // names never match Node's lower-case header names (with a custom validator compiler
      // Fastify compiles header schemas as written), so this schema documents, not validates.
      // No example value: Swagger UI pre-fills examples, and one fixed key would make every
      // second try a conflict.
      minLength: 1,
      maxLength: MAX_IDEMPOTENCY_KEY_CHARS,
      pattern: IDEMPOTENCY_KEY_PATTERN,
    }),
  );

/**
 * The headers of a route that takes an idempotency key, declared so the OpenAPI document (and
 * Swagger UI) shows them. Other headers pass: this schema names, it does not restrict.
 */
export const IdempotencyKeyHeaders = Type.Object({
  'Idempotency-Key': key(
    'Makes the request safe to retry: the same key with the same body answers the original ' +
      'response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with ' +
      'another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 ' +
      'IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID ' +
      'per logical operation is a good key.',
  ),
  'X-Idempotency-Key': key(
    'Older name of `Idempotency-Key`; the same key either way. Sending both with different ' +
      'values is 400 INVALID_DATA (the same value in both is fine).',
  ),
});
