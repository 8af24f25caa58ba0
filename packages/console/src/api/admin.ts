import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/admin-openapi.js';

/**
 * The back-office API (`/admin/v1`, docs/admin.md), typed from the server's OpenAPI document
 * built with the admin API on (src/generated/admin-openapi.ts, drift-tested; the SDK's types have
 * no admin route). Every request carries the admin token; every action (any method but GET)
 * also names the operator for the audit log in `X-Admin-Actor`. Reads do not: they are not
 * audited, and a label the server refuses (it must be printable ASCII) then stops only actions,
 * with the server's own explanation. A 401 means the token is no longer the server's.
 */
export type AdminApi = ReturnType<typeof createAdminApi>;

export function createAdminApi(
  operator: { token: string; actor: string },
  onUnauthorized: () => void,
) {
  const client = createClient<paths>({ baseUrl: location.origin });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${operator.token}`);
      if (request.method !== 'GET') request.headers.set('x-admin-actor', operator.actor);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) onUnauthorized();
      return response;
    },
  });
  return client;
}

/** The headers of a read outside openapi-fetch (a poll with If-None-Match: api/live.ts). */
export function adminReadHeaders(operator: { token: string }): Record<string, string> {
  return { authorization: `Bearer ${operator.token}` };
}

/** What X-Admin-Actor accepts (plugins/admin-auth.ts): 1-100 printable ASCII characters. */
export const isValidActor = (actor: string): boolean =>
  /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/.test(actor);

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON body of a path's successful GET (200). */
export type AdminRead<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: infer R } };
}
  ? Json<R>
  : never;

export type Schemas = components['schemas'];
export type Operation = Schemas['Operation'];
export type Account = Schemas['Account'];
export type PaymentInstruction = Schemas['PaymentInstruction'];

export type CustomerPage = AdminRead<'/admin/v1/customers'>;
export type OperatorCustomer = CustomerPage['data'][number];
export type OperatorClient = AdminRead<'/admin/v1/customers/{customerId}/clients'>['data'][number];
export type InstructionPage = AdminRead<'/admin/v1/paymentInstructions'>;
export type InstructionItem = InstructionPage['data'][number];
export type OperationPage = AdminRead<'/admin/v1/operations'>;
export type OperatorOperation = OperationPage['data'][number];
export type AccountPage = AdminRead<'/admin/v1/accounts'>;
export type OperatorAccount = AccountPage['data'][number];
export type AuditPage = AdminRead<'/admin/v1/auditLog'>;
export type AuditEntry = AuditPage['data'][number];
export type AuditAction = AuditEntry['action'];
export type JobStats = AdminRead<'/admin/v1/jobs/stats'>;
export type PixKeyEntry = AdminRead<'/admin/v1/pix/keys/{key}'>;
export type StoredRate = AdminRead<'/admin/v1/rates'>['data'][number];
