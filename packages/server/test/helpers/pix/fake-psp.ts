import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as undiciRequest } from 'undici';
import { systemClock, type Clock } from '../../../src/lib/clock.js';
import { apiPixContract, contractFile, type ApiPixContract } from './api-pix-contract.js';
import { houseRules } from './api-pix-house-rules.js';
import {
  FakeApiPix,
  newEvpKey,
  pixJson,
  type FakeCharge,
  type FakePix,
  type FakeRefund,
  type FakeRoute,
  type FakeWebhook,
} from './fake-api-pix.js';
import { FakePspFaults } from './fake-psp-faults.js';
import { problem, type FakePspReply } from './fake-psp-problem.js';
import { FakePspTokens } from './fake-psp-tokens.js';
import { pixCerts, type PixCerts } from './pix-certs.js';

/** A request as an extra route sees it (full path, before the API Pix base path is removed). */
export interface FakePspRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** An extra handler (e.g. a PSP's payout endpoints): answers, or undefined to pass the request on. */
export type FakePspRoute = (
  request: FakePspRequest,
) => FakePspReply | undefined | Promise<FakePspReply | undefined>;

export interface FakePspOptions {
  /** mTLS: refuse a client without a certificate the CA signed (default true, as PSPs do). */
  requireClientCert?: boolean;
  /** expires_in of the tokens (default 3,600 s). */
  tokenLifetimeSeconds?: number;
  /** The receiver's DICT key at this PSP (default a random EVP key). */
  pixKey?: string;
  /** The API Pix base path under the origin (default /v2, as e.g. Efí serves it). */
  basePath?: string;
  /**
   * Replaces the origin of the registered webhookUrl when the fake notifies: tests register
   * COFRE_PUBLIC_URL (https://cofre.example/…) while cofre listens on http://127.0.0.1:port.
   */
  callbackOrigin?: string;
  /** Refunds settle by themselves right after their 201 (default: they stay EM_PROCESSAMENTO until settleRefund). */
  refundsSettleAs?: { status: 'DEVOLVIDO' | 'NAO_REALIZADO'; notify?: boolean; motivo?: string };
  /** Extra handlers, consulted before API Pix routing and not checked against the contract. */
  routes?: readonly FakePspRoute[];
  /** Time of charges, Pix and refunds (tokens expire by the real clock). */
  clock?: Clock;
  /** Certificates to reuse (a fresh PKI otherwise). */
  certs?: PixCerts;
}

export interface FakePspCall {
  method: string;
  /** Full path, query excluded. */
  path: string;
  status: number;
  /** Set for answers outside the contract (token endpoint, 401, faults, extra routes, refused requests). */
  outside?: 'token' | 'unauthorized' | 'fault' | 'route' | 'nonconforming';
}

export interface FakePspNotification {
  url: string;
  body: unknown;
  /** The receiver's status, or 0 when it could not be reached. */
  status: number;
}

/** The fake PSP: a stateful API Pix over HTTPS with mTLS, checked against the contract both ways. */
export interface FakePsp {
  /** COFRE_PIX_PSP_URL (https://127.0.0.1:port/v2). */
  readonly url: string;
  readonly tokenUrl: string;
  readonly origin: string;
  readonly pixKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly certs: PixCerts;
  /** Whether requests and answers are checked against the contract, or why not. */
  readonly contract: { checked: true } | { checked: false; reason: string };
  /** COFRE_PIX_PSP_* (URL, token URL, client id, and the secret, certificate, key and CA files). */
  env(): Record<string, string>;
  /** The transport's options, for tests that build the client without the config. */
  transportOptions(): {
    pspUrl: string;
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
    tls: { cert: string; key: string; ca: string };
  };
  /** Every departure from the contract or the house rules, by cofre's requests or the fake's answers. */
  violations(): string[];
  calls(): FakePspCall[];
  tokenRequests(): number;
  charges(): FakeCharge[];
  charge(txid: string): FakeCharge | undefined;
  received(): FakePix[];
  refunds(): (FakeRefund & { endToEndId: string })[];
  webhooks(): Map<string, FakeWebhook>;
  notifications(): FakePspNotification[];
  /** A payer pays the charge (CONCLUIDA, a Pix created); with notify, the webhook is called. Returns the e2eid. */
  pay(
    txid: string,
    options?: { valor?: string; notify?: boolean; infoPagador?: string },
  ): Promise<string>;
  /** A Pix to the key without a charge: never notified (API Pix notifies Pix with a txid only). */
  payWithoutTxid(valor: string): string;
  /** Delivers the Pix (as it is now, refunds included) to the webhook again, `times` times; the statuses. */
  notify(endToEndId: string, times?: number): Promise<number[]>;
  settleRefund(
    endToEndId: string,
    id: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO',
    options?: { notify?: boolean; motivo?: string },
  ): Promise<void>;
  /** Connection refused until up(): the listener is closed and open connections destroyed. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** The next `times` API requests answer `status` (default 503). */
  fail(times: number, status?: number): void;
  failTokens(times: number, status?: number): void;
  /** The next `times` API requests answer 429 with Retry-After in seconds. */
  rateLimit(times: number, retryAfterSeconds: number): void;
  /** Every token issued stops working: the next API call is a 401. */
  expireTokens(): void;
  /** Every API answer waits this long (0: none). */
  slow(ms: number): void;
  /**
   * Applies matching requests but holds their answers until releaseAnswers(): the worker that
   * sent one can be killed after the PSP acted and before it heard back. heldAnswers() counts them.
   */
  holdAnswers(method: string, pathIncludes: string): void;
  releaseAnswers(): void;
  heldAnswers(): number;
  close(): Promise<void>;
  /** Sets callbackOrigin after start (the app under test listens once it was configured with env()). */
  callbackTo(origin: string): void;
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function startFakePsp(options: FakePspOptions = {}): Promise<FakePsp> {
  const certs = options.certs ?? (await pixCerts());
  const clock = options.clock ?? systemClock;
  const basePath = options.basePath ?? '/v2';
  const pixKey = options.pixKey ?? newEvpKey();
  const found = contractFile();
  if (found.path === undefined) console.warn(`fake PSP: ${found.reason}`);
  const contract = found.path === undefined ? undefined : apiPixContract(found.path);
  const dir = mkdtempSync(join(tmpdir(), 'cofre-fake-psp-'));
  const tokens = new FakePspTokens(
    `cofre-${randomBytes(4).toString('hex')}`,
    randomBytes(24).toString('base64url'),
    options.tokenLifetimeSeconds ?? 3_600,
    Date.now,
  );
  const faults = new FakePspFaults();
  const state: ServerState = {
    violations: [],
    calls: [],
    notifications: [],
    timers: new Set(),
    contract,
  };
  const requireClientCert = options.requireClientCert ?? true;
  const server = createServer({
    key: certs.server.key,
    cert: certs.server.cert,
    ca: certs.ca.cert,
    requestCert: requireClientCert,
    rejectUnauthorized: requireClientCert,
  });
  const api = new FakeApiPix(clock, [pixKey]);
  let callbackOrigin = options.callbackOrigin;
  const deliver = (pix: FakePix, times = 1) =>
    notifyPix(state, api, pixKey, callbackOrigin, pix, times);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void serve({
      req,
      res,
      state,
      tokens,
      faults,
      api,
      basePath,
      routes: options.routes ?? [],
      settle: options.refundsSettleAs,
      deliver,
    }).catch((error: unknown) => {
      state.violations.push(`fake PSP crashed on ${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;
  api.locationBase = origin;
  const files = certs.write(dir);
  const secretFile = join(dir, 'client-secret');
  writeFileSync(secretFile, `${tokens.clientSecret}\n`, { mode: 0o600 });
  return {
    url: `${origin}${basePath}`,
    tokenUrl: `${origin}/oauth/token`,
    origin,
    pixKey,
    clientId: tokens.clientId,
    clientSecret: tokens.clientSecret,
    certs,
    contract:
      found.path === undefined ? { checked: false, reason: found.reason } : { checked: true },
    env: () => ({
      COFRE_PIX_PSP_URL: `${origin}${basePath}`,
      COFRE_PIX_PSP_TOKEN_URL: `${origin}/oauth/token`,
      COFRE_PIX_PSP_CLIENT_ID: tokens.clientId,
      COFRE_PIX_PSP_CLIENT_SECRET_FILE: secretFile,
      COFRE_PIX_PSP_CERT_FILE: files.clientCertFile,
      COFRE_PIX_PSP_KEY_FILE: files.clientKeyFile,
      COFRE_PIX_PSP_CA_FILE: files.caFile,
    }),
    transportOptions: () => ({
      pspUrl: `${origin}${basePath}`,
      tokenUrl: `${origin}/oauth/token`,
      clientId: tokens.clientId,
      clientSecret: tokens.clientSecret,
      tls: { cert: certs.client.cert, key: certs.client.key, ca: certs.ca.cert },
    }),
    violations: () => [...state.violations],
    calls: () => [...state.calls],
    tokenRequests: () => tokens.requests,
    charges: () => [...api.charges.values()],
    charge: (txid) => api.charges.get(txid),
    received: () => [...api.received.values()],
    refunds: () =>
      [...api.received.values()].flatMap((p) =>
        p.devolucoes.map((d) => ({ ...d, endToEndId: p.endToEndId })),
      ),
    webhooks: () => api.webhooks,
    notifications: () => [...state.notifications],
    async pay(txid, { valor, notify = false, infoPagador } = {}) {
      const pix = api.pay(txid, valor, infoPagador);
      if (notify) await deliver(pix);
      return pix.endToEndId;
    },
    payWithoutTxid: (valor) => api.receive(valor, pixKey).endToEndId,
    async notify(endToEndId, times = 1) {
      const pix = api.received.get(endToEndId);
      if (!pix) throw new Error(`fake PSP: no Pix ${endToEndId}`);
      return deliver(pix, times);
    },
    async settleRefund(endToEndId, id, status, { notify = false, motivo } = {}) {
      const pix = api.settleRefund(endToEndId, id, status, motivo);
      if (notify) await deliver(pix);
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
    up: () => listen(server, port),
    fail: (times, status = 503) => faults.fail(times, status),
    failTokens: (times, status = 503) => faults.failTokens(times, status),
    rateLimit: (times, seconds) => faults.rateLimit(times, seconds),
    expireTokens: () => tokens.expireAll(),
    slow: (ms) => {
      faults.delayMs = ms;
    },
    holdAnswers: (method, pathIncludes) => faults.holdAnswers(method, pathIncludes),
    releaseAnswers: () => faults.releaseAnswers(),
    heldAnswers: () => faults.held,
    callbackTo(to) {
      callbackOrigin = to;
    },
    async close() {
      for (const timer of state.timers) clearTimeout(timer);
      faults.releaseAnswers();
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface ServerState {
  violations: string[];
  calls: FakePspCall[];
  notifications: FakePspNotification[];
  timers: Set<NodeJS.Timeout>;
  contract: ApiPixContract | undefined;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

interface Serving {
  req: IncomingMessage;
  res: ServerResponse;
  state: ServerState;
  tokens: FakePspTokens;
  faults: FakePspFaults;
  api: FakeApiPix;
  basePath: string;
  routes: readonly FakePspRoute[];
  settle: FakePspOptions['refundsSettleAs'];
  deliver: (pix: FakePix, times?: number) => Promise<number[]>;
}

/** One request: token endpoint, bearer check, faults, extra routes, then API Pix checked both ways. */
async function serve(s: Serving): Promise<void> {
  const { req, state } = s;
  const url = new URL(req.url ?? '/', 'https://fake-psp');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  const raw = await readBody(req);
  const send = (reply: FakePspReply, outside?: FakePspCall['outside']) => {
    state.calls.push({ method, path, status: reply.status, ...(outside ? { outside } : {}) });
    write(s.res, reply);
  };
  if (method === 'POST' && path === '/oauth/token') {
    return send(s.faults.nextToken() ?? s.tokens.issue(req.headers, raw), 'token');
  }
  if (!s.tokens.valid(req.headers.authorization)) {
    // RFC 6750 section 3.1: an expired or unknown token. No 401 exists in API Pix 2.9.0.
    return send(
      {
        status: 401,
        body: { error: 'invalid_token' },
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      },
      'unauthorized',
    );
  }
  const fault = s.faults.nextApi();
  if (fault) return send(fault, 'fault');
  if (s.faults.delayMs > 0) await delay(state, s.faults.delayMs);
  let body: unknown;
  try {
    body = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    state.violations.push(`${method} ${path}: the body is not JSON`);
    return send(
      problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'JSON inválido.'),
      'nonconforming',
    );
  }
  const query = Object.fromEntries(url.searchParams);
  for (const route of s.routes) {
    const reply = await route({ method, path, query, body, headers: req.headers });
    if (reply) {
      await s.faults.answerGate(method, path);
      return send(reply, 'route');
    }
  }
  const relative =
    path.startsWith(`${s.basePath}/`) || path === s.basePath
      ? path.slice(s.basePath.length)
      : undefined;
  const route = relative === undefined ? undefined : fakeRoute(method, relative);
  if (relative === undefined || route === undefined) {
    state.violations.push(`${method} ${path} is not an API Pix operation the fake serves`);
    return send(problem(404, 'NaoEncontrado', 'Não encontrado.'), 'nonconforming');
  }
  const exchange = { method, path: relative, query, body };
  const problems = [...(state.contract?.request(exchange) ?? []), ...houseRules(route, exchange)];
  if (problems.length > 0) {
    state.violations.push(...problems.map((p) => `request ${method} ${route.template}: ${p}`));
    const violacoes = problems.map((p) => ({ razao: p, propriedade: route.template }));
    return send(
      problem(
        400,
        'RequisicaoInvalida',
        'Requisição inválida.',
        'The request departs from API Pix 2.9.0.',
        violacoes,
      ),
      'nonconforming',
    );
  }
  const reply = s.api.handle(route, query, body);
  const answer = {
    status: reply.status,
    contentType: reply.body === undefined ? undefined : (reply.contentType ?? 'application/json'),
    body: reply.body,
  };
  for (const p of state.contract?.response(exchange, answer) ?? [])
    state.violations.push(`answer ${reply.status} to ${method} ${route.template}: ${p}`);
  await s.faults.answerGate(method, path);
  send(reply);
  if (
    s.settle &&
    route.template === '/pix/{e2eid}/devolucao/{id}' &&
    method === 'PUT' &&
    reply.status === 201
  ) {
    const pix = s.api.settleRefund(
      route.values.e2eid!,
      route.values.id!,
      s.settle.status,
      s.settle.motivo,
    );
    if (s.settle.notify) await s.deliver(pix);
  }
}

/** The operations the fake serves (API Pix path templates); the contract, when present, checks the rest. */
const TEMPLATES = [
  '/cob/{txid}',
  '/pix',
  '/pix/{e2eid}',
  '/pix/{e2eid}/devolucao/{id}',
  '/webhook/{chave}',
];

function fakeRoute(method: string, path: string): FakeRoute | undefined {
  for (const template of TEMPLATES) {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const match = new RegExp('^' + template.replace(/\{[^}]+\}/g, '([^/]+)') + '$').exec(path);
    if (!match) continue;
    try {
      const values = Object.fromEntries(
        names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]),
      );
      return { template, method: method.toLowerCase(), values };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The callback (PUT /webhook/{chave} → callbacks.listaPix): POST {pix: [...]} to
 * `{webhookUrl}/pix`, the body checked against WebhookPixBody first.
 */
async function notifyPix(
  state: ServerState,
  api: FakeApiPix,
  pixKey: string,
  callbackOrigin: string | undefined,
  pix: FakePix,
  times: number,
): Promise<number[]> {
  const hook = api.webhooks.get(pix.chave) ?? api.webhooks.get(pixKey);
  if (!hook) throw new Error(`fake PSP: no webhook registered for ${pix.chave}; nothing to notify`);
  const target = new URL(`${hook.webhookUrl}/pix`);
  const url =
    callbackOrigin === undefined
      ? target.href
      : new URL(target.pathname + target.search, callbackOrigin).href;
  const body = { pix: [pixJson(pix)] };
  for (const p of state.contract?.callback(body) ?? []) state.violations.push(`callback: ${p}`);
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    let status = 0;
    try {
      const answer = await undiciRequest(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await answer.body.dump();
      status = answer.statusCode;
    } catch {
      status = 0;
    }
    state.notifications.push({ url, body, status });
    statuses.push(status);
  }
  return statuses;
}

function write(res: ServerResponse, reply: FakePspReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.text !== undefined) {
    res
      .writeHead(reply.status, { 'content-type': reply.contentType ?? 'text/plain', ...headers })
      .end(reply.text);
    return;
  }
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  headers['content-type'] = reply.contentType ?? 'application/json';
  res.writeHead(reply.status, headers).end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body above 1 MiB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function delay(state: ServerState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      resolve();
    }, ms);
    state.timers.add(timer);
  });
}
