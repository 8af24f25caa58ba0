import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../lib/schema.js';

/**
 * The schema pieces every room of the back-office shares; each room's own schemas are in its
 * folder (customers/customers.schemas.ts, …).
 */

export const strict = { additionalProperties: false } as const;

/** A path id: any string of an id's length (a malformed one is a 404, see *-view.ts). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * An id filter of a list: letters, digits and `_` (anything else could match nothing, and a NUL
 * byte would be an error to PostgreSQL rather than a miss). An id of the wrong kind matches nothing.
 */
export const IdFilter = (description: string) =>
  Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$', description }),
  );

/** A decision's reason, as instructions and assets show it: `{code, message}`. */
export const Reason = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Z][A-Z0-9_]{0,63}$',
      maxLength: 64,
      examples: ['COMPLIANCE_REJECTED'],
    }),
    message: FreeText(500),
  },
  strict,
);

// Object-level `examples` become the request examples of /openapi.json; each succeeds as sent
// (http.openapi.test.ts sends them).
export const ReasonBody = Type.Object(
  { reason: Reason },
  {
    ...strict,
    examples: [
      { reason: { code: 'COMPLIANCE_REJECTED', message: 'Refused after compliance review.' } },
    ],
  },
);
export type ReasonBody = Static<typeof ReasonBody>;
