import type { LightMyRequestResponse } from 'fastify';
import { beneficiaryBody, cpf } from './beneficiaries.js';
import type { TestApp } from './test-app.js';

/** The resources that carry metadata, as the metadata tests drive them through the API. */
export interface MetadataResourceApi {
  name: 'accounts' | 'beneficiaries' | 'subscriptions';
  path: string;
  /** A valid creation body of this resource with `extra` members (e.g. metadata). */
  body(extra: Record<string, unknown>, n?: number): Record<string, unknown>;
}

/** A callback URL the test app accepts (COFRE_ALLOW_LOCAL_WEBHOOKS=true). */
export const HOOK_URL = 'http://127.0.0.1:8999/hooks';

/** Local callback URLs, and room for the many subscriptions one customer makes here. */
export const ENV = {
  COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
  COFRE_MAX_SUBSCRIPTIONS_PER_CUSTOMER: '1000',
};

export const METADATA_RESOURCES: MetadataResourceApi[] = [
  {
    name: 'accounts',
    path: '/v1/accounts',
    body: (extra) => ({ type: 'CHECKING', ...extra }),
  },
  {
    name: 'beneficiaries',
    path: '/v1/beneficiaries',
    // A holder of its own per call, so creations never collide.
    body: (extra, n = 0) =>
      beneficiaryBody({
        holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: cpf(String(100000000 + n)) },
        ...extra,
      }),
  },
  {
    name: 'subscriptions',
    path: '/v1/subscriptions',
    body: (extra, n = 0) => ({ url: `${HOOK_URL}/${n}`, includeAll: true, ...extra }),
  },
];

let counter = 0;

export function createWith(
  t: TestApp,
  token: string,
  resource: MetadataResourceApi,
  extra: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  counter += 1;
  return t.as(token, {
    method: 'POST',
    url: resource.path,
    payload: resource.body(extra, counter),
    headers,
  });
}

export async function created(
  t: TestApp,
  token: string,
  resource: MetadataResourceApi,
  metadata?: Record<string, string>,
): Promise<{ id: string; metadata: Record<string, string> }> {
  const res = await createWith(t, token, resource, metadata === undefined ? {} : { metadata });
  if (res.statusCode !== 201) throw new Error(`${resource.name}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** `n` keys `k0`… with value `v`. */
export const manyKeys = (n: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
