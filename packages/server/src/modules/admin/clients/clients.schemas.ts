import { Type, type Static } from '@sinclair/typebox';
import { FreeText, StringEnum } from '../../../lib/schema.js';
import { CLIENT_STATUSES } from '../../customers/index.js';
import { Id, strict } from '../admin.schemas.js';

export const ClientParams = Type.Object({ clientId: Id });

// Object-level `examples` become the request examples of /openapi.json; each succeeds as sent
// (http.openapi.test.ts sends them).
export const CreateClientBody = Type.Object(
  {
    name: Type.Optional(FreeText(200, { description: "Defaults to the customer's name." })),
  },
  { ...strict, examples: [{ name: 'Nightly settlement batch' }] },
);
export type CreateClientBody = Static<typeof CreateClientBody>;

/** Shown once, when created (a customer's first client, or another one). */
export const IssuedCredentials = Type.Object({
  customerId: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown only in this answer; store it safely.' }),
});
/** Shown once, when rotated. */
export const RotatedSecret = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'Shown only in this answer; store it safely.' }),
  secretVersion: Type.Integer(),
});

/** An API client as an operator sees it: never its secret or webhook keys. */
export const OperatorClient = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  environment: Type.String(),
  status: StringEnum(CLIENT_STATUSES),
  secretVersion: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  secretRotatedAt: Type.String({ format: 'date-time' }),
});
export type OperatorClient = Static<typeof OperatorClient>;
export const OperatorClientList = Type.Object({ data: Type.Array(OperatorClient) });
