import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CATALOG, EVENT_TYPES } from '../../src/webhooks/events/event-catalog.js';
import type { Resolver } from '../../src/lib/url-guard.js';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { postDeposit } from '../../src/ledger/ledger.js';
import { activateAssets } from '../../src/modules/accounts/accounts.lifecycle.js';
import { approve } from '../../src/modules/beneficiaries/instructions.lifecycle.js';
import { receiveDeposit } from '../../src/operations/index.js';
import { ADMIN_TAG } from '../../src/plugins/openapi.js';
import { ADMIN_ENV, asAdmin } from '../helpers/admin.js';
import { createBeneficiary } from '../helpers/beneficiaries.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { expandQueuedEvents } from '../helpers/fan-out.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

interface MediaType {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; example?: unknown }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  security?: Record<string, string[]>[];
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string }>;
    schemas: Record<string, unknown>;
  };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
}

/** Public DNS for the example callback URL, so the example body needs no network. */
const publicDns: Resolver = async () => ['93.184.215.14'];

/** Every documented operation and the statuses its responses must describe. */
const DOCUMENTED: [method: string, path: string, statuses: string[]][] = [
  ['post', '/v1/oauth/client/token', ['200', '400', '401', '413', '415', '429', '503']],
  ['post', '/v1/accounts', ['201', '400', '401', '409', '413', '415', '422', '429']],
  ['get', '/v1/accounts', ['200', '400', '401', '429']],
  ['get', '/v1/accounts/{accountId}', ['200', '401', '404', '429']],
  ['post', '/v1/beneficiaries', ['201', '400', '401', '409', '413', '415', '422', '429']],
  ['get', '/v1/beneficiaries', ['200', '400', '401', '429']],
  ['get', '/v1/beneficiaries/{beneficiaryId}', ['200', '401', '404', '429']],
  [
    'post',
    '/v1/beneficiaries/{beneficiaryId}/paymentInstructions',
    ['201', '400', '401', '404', '409', '413', '415', '422', '429'],
  ],
  [
    'delete',
    '/v1/beneficiaries/{beneficiaryId}/paymentInstructions/{instructionId}',
    ['401', '404', '429'], // and 204, which has no body
  ],
  [
    'post',
    '/v1/operations/deposit',
    ['201', '400', '401', '404', '409', '413', '415', '422', '429'],
  ],
  [
    'post',
    '/v1/operations/withdrawal',
    ['201', '400', '401', '404', '409', '413', '415', '422', '429'],
  ],
  ['get', '/v1/operations', ['200', '400', '401', '429']],
  ['get', '/v1/operations/{operationId}', ['200', '401', '404', '429']],
  ['get', '/v1/accounts/{accountId}/fundingInstructions', ['200', '401', '404', '429']],
];

/** Every `$ref` value anywhere under `node`. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  }
  return out;
}

describe.each(ENGINES)('OpenAPI and docs on %s', (engine) => {
  let doc: OpenApiDocument;

  const t = useTestApp(engine, { resolve: publicDns });

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<OpenApiDocument>();
  });

  const operation = (method: string, path: string): Operation => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
    return op;
  };

  it('serves an OpenAPI 3.1.0 document without a token', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it.each(DOCUMENTED)(
    'documents %s %s with a response schema for each status',
    (method, path, statuses) => {
      const op = operation(method, path);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(statuses));
      for (const status of statuses) {
        const content = op.responses[status]?.content ?? {};
        const schemas = Object.values(content).map((media) => media.schema);
        expect(schemas.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const schema of schemas) expect(schema, `${method} ${path} ${status}`).toBeTruthy();
      }
    },
  );

  it.each(DOCUMENTED)(
    'documents the error responses of %s %s as application/problem+json (the token endpoint: RFC 6749 application/json)',
    (method, path, statuses) => {
      const op = operation(method, path);
      const media =
        path === '/v1/oauth/client/token' ? 'application/json' : 'application/problem+json';
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(
          Object.keys(op.responses[status]?.content ?? {}),
          `${method} ${path} ${status}`,
        ).toContain(media);
      }
    },
  );

  it('documents the account id as a required path parameter', () => {
    expect(operation('get', '/v1/accounts/{accountId}').parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'path', name: 'accountId', required: true }),
      ]),
    );
  });

  it('marks the token endpoint and the event catalog as needing no auth and everything else under /v1 as bearer-protected', () => {
    expect(operation('post', '/v1/oauth/client/token').security).toEqual([]);
    expect(operation('get', '/v1/events/types').security).toEqual([]);
    const bearerSchemes = Object.entries(doc.components.securitySchemes)
      .filter(([, scheme]) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')
      .map(([name]) => name);
    expect(bearerSchemes.length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries(doc.paths)) {
      if (
        !path.startsWith('/v1/') ||
        path === '/v1/oauth/client/token' ||
        path === '/v1/events/types'
      )
        continue;
      for (const [method, op] of Object.entries(item)) {
        const security = op.security ?? doc.security ?? [];
        const names = security.flatMap((requirement) => Object.keys(requirement));
        expect(names, `${method.toUpperCase()} ${path}`).toEqual(
          expect.arrayContaining([expect.toBeOneOf(bearerSchemes)]),
        );
        expect(
          security.some((requirement) => Object.keys(requirement).length === 0),
          `${method} ${path}`,
        ).toBe(false);
      }
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      // Schemas, and the RateLimit fields' header objects (plugins/openapi-rate-limit-headers.ts).
      const [, section, name] = /^#\/components\/(schemas|headers)\/(.+)$/.exec(ref) ?? [];
      expect(section, ref).toBeDefined();
      expect((doc.components as Record<string, object>)[section!], ref).toHaveProperty([name!]);
    }
  });

  it('declares Idempotency-Key (and X-Idempotency-Key) on exactly the routes that take it', () => {
    const keyed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const params = (op.parameters ?? []).filter(
          (p) => p.in === 'header' && /^(x-)?idempotency-key$/i.test(p.name),
        );
        if (params.length === 0) continue;
        expect(params.map((p) => p.name).sort(), `${method} ${path}`).toEqual([
          'Idempotency-Key',
          'X-Idempotency-Key',
        ]);
        for (const param of params) {
          expect(param.required, param.name).toBe(false);
          // Swagger UI would pre-fill it, and one fixed key makes every second try a conflict.
          expect(param.example, param.name).toBeUndefined();
        }
        keyed.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(keyed.sort()).toEqual([
      'POST /v1/accounts',
      'POST /v1/beneficiaries',
      'POST /v1/beneficiaries/{beneficiaryId}/paymentInstructions',
      'POST /v1/listen',
      'POST /v1/operations/deposit',
      'POST /v1/operations/order',
      'POST /v1/operations/pixPayment',
      'POST /v1/operations/swap',
      'POST /v1/operations/transfer',
      'POST /v1/operations/withdrawal',
      'POST /v1/operations/{operationId}/refunds',
      'POST /v1/quotes',
      'POST /v1/subscriptions',
    ]);
  });

  it('describes a webhook for every event type, with its delivery headers and body', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [resource, types] of Object.entries(EVENT_CATALOG)) {
      for (const type of types) {
        const op = doc.webhooks?.[type]?.post;
        expect(op, type).toBeDefined();
        const headers = (op?.parameters ?? []).filter((p) => p.in === 'header');
        expect(headers.map((h) => h.name).sort()).toEqual(
          [
            'Content-Type',
            'User-Agent',
            'X-Event-Type',
            'X-Message-Id',
            'X-Message-Signature',
            'X-Message-Timestamp',
            'X-Resource-Name',
            'webhook-id',
            'webhook-signature',
            'webhook-timestamp',
          ].sort(),
        );
        // Each signature format's own headers are sent only in that format.
        expect(
          headers
            .filter((h) => h.required)
            .map((h) => h.name)
            .sort(),
        ).toEqual(['Content-Type', 'User-Agent', 'X-Event-Type', 'X-Resource-Name'].sort());
        const media = op?.requestBody?.content['application/json'];
        expect(media?.schema, type).toMatchObject({
          required: ['id', 'type', 'resource', 'atTime', 'data'],
          properties: { type: { const: type }, resource: { const: resource } },
        });
        expect(media?.example, type).toMatchObject({ type, resource });
      }
    }
  });

  it('describes beneficiary event data as the Beneficiary plus instructionId', () => {
    for (const type of EVENT_CATALOG.BENEFICIARY) {
      const media = doc.webhooks?.[type]?.post?.requestBody?.content['application/json'];
      expect(media?.schema, type).toMatchObject({
        properties: {
          data: {
            allOf: [{ $ref: '#/components/schemas/Beneficiary' }, { required: ['instructionId'] }],
          },
        },
      });
      expect(media?.example, type).toMatchObject({ data: { instructionId: expect.any(String) } });
    }
  });

  it('describes operation event data as the Operation', () => {
    for (const type of EVENT_CATALOG.OPERATION) {
      const media = doc.webhooks?.[type]?.post?.requestBody?.content['application/json'];
      expect(media?.schema, type).toMatchObject({
        properties: { data: { $ref: '#/components/schemas/Operation' } },
      });
      expect(media?.example, type).toMatchObject({
        data: { id: expect.any(String), type: 'DEPOSIT' },
      });
    }
  });

  it('gives every POST with a JSON body an example that succeeds when sent as-is', async () => {
    const customer = await t.customer('Swagger user');
    const subscription = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'https://example.com/hooks', includeAll: true },
    });
    expect(subscription.statusCode, subscription.body).toBe(201);
    const beneficiary = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/beneficiaries',
      payload: {
        holder: { type: 'COMPANY', name: 'ACME Ltda', taxId: '11.222.333/0001-81' },
        relationshipType: 'SELF_OWNED',
        paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'EVP', key: crypto.randomUUID() },
      },
    });
    expect(beneficiary.statusCode, beneficiary.body).toBe(201);
    const params: Record<string, string> = {
      subscriptionId: subscription.json().id,
      beneficiaryId: beneficiary.json().id,
    };
    // The listen results example names a message of a listen subscription: stand in one.
    const listen = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/listen',
      payload: { events: ['ACCOUNT_CREATED'] },
    });
    expect(listen.statusCode, listen.body).toBe(201);
    const listenId = listen.json<{ id: string }>().id;
    // The operation examples name an account, beneficiary and instruction: stand in an ACTIVE,
    // funded account and the APPROVED instruction (moved on as the back-office would).
    const account = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', assets: ['BRL', 'USDT'] },
    });
    const accountId = account.json<{ id: string }>().id;
    const instructionId = beneficiary.json<{ paymentInstructions: { id: string }[] }>()
      .paymentInstructions[0]!.id;
    const queue = new JobQueue(t.handle.db, dialectFor(engine), t.clock, new JobSignal());
    await transact(t.handle.db, async (tx) => {
      await activateAssets(tx, { queue }, accountId, Date.now());
      await approve(tx, { queue }, instructionId, Date.now());
      await postDeposit(tx.trx, {
        accountId,
        asset: 'BRL',
        amount: 1_000_000n,
        operationId: null,
        description: 'Test funds',
        at: Date.now(),
      });
    });
    // The swap example names a quote: stand in a fresh one of the account (BRL → USDT).
    const quote = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/quotes',
      payload: { accountId, sourceAsset: 'BRL', targetAsset: 'USDT', sourceAmount: '100.00' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    // The refund example returns part of a PIX deposit: stand in one, received.
    const paid = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/operations/deposit',
      payload: { accountId, asset: 'BRL', amount: '100.00' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    params.operationId = paid.json<{ id: string }>().id;
    await transact(t.handle.db, (tx) =>
      receiveDeposit(tx, { queue }, params.operationId!, { at: Date.now() }),
    );
    // The deposit's events reach the listen subscription once the worker's fan-out expands them.
    await expandQueuedEvents(t);
    const listenMessage = await t.handle.db
      .selectFrom('messages')
      .select('id')
      .where('subscription_id', '=', listenId)
      .executeTakeFirstOrThrow();
    // The transfer example names a second account of the customer: stand in one, ACTIVE.
    const second = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'SAVING', assets: ['BRL'] },
    });
    const secondId = second.json<{ id: string }>().id;
    await transact(t.handle.db, (tx) => activateAssets(tx, { queue }, secondId, Date.now()));
    const standIns: Record<string, string> = {
      acc_01JD6Q3W8ZK2C1V7R4X9B5N0AS: secondId,
      msg_01JD6Q3W8ZK2C1V7R4X9B5N0AR: listenMessage.id,
      quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR: quote.json<{ id: string }>().id,
      acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR: accountId,
      ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR: params.beneficiaryId!,
      pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR: instructionId,
    };

    const sent: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const media = item.post?.requestBody?.content['application/json'];
      // The token endpoint's credentials cannot be an example that works on every deployment.
      if (!media || path === '/v1/oauth/client/token') continue;
      const examples =
        media.example !== undefined
          ? [media.example]
          : Object.values(media.examples ?? {}).map((e) => e.value);
      expect(examples.length, `POST ${path} has an example body`).toBeGreaterThan(0);
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        path.startsWith('/v1/listen/') && name === 'subscriptionId'
          ? listenId
          : (params[name] ?? name),
      );
      for (const example of examples) {
        const res = await t.as(customer.token, {
          method: 'POST',
          url,
          payload: JSON.parse(
            JSON.stringify(example).replace(
              /(acc|ben|pin|quo|msg)_01JD6Q3W8ZK2C1V7R4X9B5N0A[RS]/g,
              (id) => standIns[id]!,
            ),
          ) as Record<string, unknown>,
        });
        expect(res.statusCode, `POST ${path}: ${res.body}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `POST ${path}: ${res.body}`).toBeLessThan(300);
      }
      sent.push(path);
    }
    expect(sent).toEqual(
      expect.arrayContaining([
        '/v1/accounts',
        '/v1/subscriptions',
        '/v1/subscriptions/{subscriptionId}/recover',
        '/v1/beneficiaries',
        '/v1/beneficiaries/{beneficiaryId}/paymentInstructions',
        '/v1/operations/deposit',
        '/v1/operations/withdrawal',
      ]),
    );
  });

  /** GET, following redirects inside the app. */
  async function follow(
    url: string,
    hops = 5,
  ): Promise<{ res: LightMyRequestResponse; url: string }> {
    const res = await t.app.inject({ method: 'GET', url });
    const location = res.headers.location;
    if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string' && hops > 0) {
      return follow(new URL(location, `http://localhost${url}`).pathname, hops - 1);
    }
    return { res, url };
  }

  it('serves the docs page at /docs with only local scripts and styles, all of which load', async () => {
    for (const start of ['/docs', '/docs/']) {
      const { res, url } = await follow(start);
      expect(res.statusCode, start).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      const assets = [
        ...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)=["']([^"']+)["']/gi),
      ].map((m) => m[1]!);
      expect(
        assets.some((a) => /\.js(\?|$)/.test(a)),
        'references scripts',
      ).toBe(true);
      for (const asset of assets) {
        expect(asset, 'no CDN or protocol-relative URL').not.toMatch(/^(https?:)?\/\//i);
        const path = new URL(asset, `http://localhost${url.endsWith('/') ? url : `${url}/`}`)
          .pathname;
        const loaded = await t.app.inject({ method: 'GET', url: path });
        expect(loaded.statusCode, path).toBe(200);
      }
      expect(html).not.toMatch(/(src|href)=["'](https?:)?\/\//i);
    }
  });
});

describe.each(ENGINES)('health on %s', (engine) => {
  const t = useTestApp(engine);

  it('answers /healthz and /readyz with 200 without a token', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

// Issue 7 point 10 and "done when": the back-office is part of the documented API when it is
// enabled — and absent from the document (as from the router) when it is not.
describe.each(ENGINES)('OpenAPI of the admin API on %s', (engine) => {
  let plain: TestApp;
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    plain = await createTestApp(engine);
    t = await createTestApp(engine, { env: ADMIN_ENV });
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
  });
  afterAll(async () => {
    await plain.close();
    await t.close();
  });

  const adminPaths = (d: OpenApiDocument) =>
    Object.keys(d.paths).filter((p) => p.startsWith('/admin/'));

  it('leaves the admin routes, tag and scheme out when COFRE_ADMIN_TOKEN is unset', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/openapi.json' });
    const without = res.json<OpenApiDocument & { tags: { name: string }[] }>();
    expect(adminPaths(without)).toEqual([]);
    expect(without.components.securitySchemes).not.toHaveProperty('adminToken');
    expect(without.tags.map((tag) => tag.name)).not.toContain(ADMIN_TAG);
  });

  it('documents every admin route under its tag, with the adminToken scheme and problem+json errors', () => {
    expect(doc.components.securitySchemes.adminToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const routes = adminPaths(doc).flatMap((path) =>
      Object.entries(doc.paths[path]!).map(([method, op]) => ({ method, path, op })),
    );
    expect(routes.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /admin/v1/customers',
        'GET /admin/v1/operations/{operationId}',
        'POST /admin/v1/operations/{operationId}/receive',
        'POST /admin/v1/operations/{operationId}/complete',
        'POST /admin/v1/operations/{operationId}/fail',
        'GET /admin/v1/auditLog',
      ]),
    );
    for (const { method, path, op } of routes) {
      const where = `${method.toUpperCase()} ${path}`;
      expect((op as { tags?: string[] }).tags, where).toEqual([ADMIN_TAG]);
      expect(op.security, where).toEqual([{ adminToken: [] }]);
      expect(Object.keys(op.responses), where).toContain('401');
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(response.content ?? {}), `${where} ${status}`).toEqual([
          'application/problem+json',
        ]);
      }
    }
  });

  it('gives every admin POST with a JSON body an example that succeeds when sent as-is', async () => {
    const customer = await t.customer('Examples');
    const openAccount = async () => {
      const res = await t.as(customer.token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING', assets: ['BRL'] },
      });
      return res.json<{ id: string }>().id;
    };
    const onboarding = await openAccount();
    const active = await openAccount();
    await asAdmin(t, { method: 'POST', url: `/admin/v1/accounts/${active}/assets/BRL/activate` });
    const deposit = async () => {
      const res = await t.as(customer.token, {
        method: 'POST',
        url: '/v1/operations/deposit',
        payload: { accountId: active, asset: 'BRL', amount: '100.00' },
      });
      return res.json<{ id: string }>().id;
    };
    const receivedDeposit = async () => {
      const id = await deposit();
      await asAdmin(t, { method: 'POST', url: `/admin/v1/operations/${id}/receive`, payload: {} });
      return id;
    };
    const beneficiary = await createBeneficiary(t, customer.token);
    const params: Record<string, Record<string, string>> = {
      '/admin/v1/customers/{customerId}/clients': { customerId: customer.customerId },
      '/admin/v1/paymentInstructions/{instructionId}/reject': {
        instructionId: beneficiary.paymentInstructions[0]!.id,
      },
      '/admin/v1/accounts/{accountId}/assets/{asset}/fail': { accountId: onboarding, asset: 'BRL' },
      '/admin/v1/operations/{operationId}/receive': { operationId: await deposit() },
      '/admin/v1/operations/{operationId}/fail': { operationId: await deposit() },
      '/admin/v1/operations/{operationId}/reverse': { operationId: await receivedDeposit() },
    };

    const sent: string[] = [];
    for (const path of adminPaths(doc)) {
      const media = doc.paths[path]!.post?.requestBody?.content['application/json'];
      if (!media) continue;
      const examples =
        media.example !== undefined
          ? [media.example]
          : Object.values(media.examples ?? {}).map((e) => e.value);
      expect(examples.length, `POST ${path} has an example body`).toBeGreaterThan(0);
      for (const example of examples) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[path]?.[name] ?? name);
        const res = await asAdmin(t, { method: 'POST', url, payload: example as object });
        expect(res.statusCode, `POST ${path}: ${res.body}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `POST ${path}: ${res.body}`).toBeLessThan(300);
      }
      sent.push(path);
    }
    expect(sent.sort()).toEqual(['/admin/v1/customers', ...Object.keys(params)].sort());
  });
});
