import { Type, type Static } from '@sinclair/typebox';
import { FreeText } from '../../../lib/schema.js';
import { Id, strict } from '../admin.schemas.js';

export const CustomerParams = Type.Object({ customerId: Id });

// Object-level `examples` become the request examples of /openapi.json; each succeeds as sent
// (http.openapi.test.ts sends them).
export const CreateCustomerBody = Type.Object(
  { name: FreeText(200) },
  { ...strict, examples: [{ name: 'Acme Pagamentos Ltda' }] },
);
export type CreateCustomerBody = Static<typeof CreateCustomerBody>;

export const OperatorCustomer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperatorCustomer = Static<typeof OperatorCustomer>;
