import type { InjectOptions } from 'fastify';
import { pct } from './fuzz-values.js';
import {
  edgeString,
  edgeValue,
  rng,
  token,
  type EdgeContext,
  type Slot,
  type Width,
} from './maximal-values.js';
import { fillPath, type ApiOperation } from './openapi-operations.js';

/**
 * Requests for the maximal fuzz: every part of an operation (path, query, headers, body) filled
 * to the limits its OpenAPI schemas state, from real values where the world has them — and the
 * same request with one limit passed by one (the part and pointer the 400 must name).
 */

/** The real state requests are made against (the test's setup builds it). */
export interface MaximalWorld {
  tokens: { own: string; admin: string };
  /** A real value for a path parameter of `op`, if the world has one. */
  path(op: ApiOperation, name: string): string | undefined;
  /** A body that succeeds for `op` as it stands now (fresh each call), if there is one. */
  body(op: ApiOperation): Record<string, unknown> | undefined;
  /** A real value for a member or query parameter named `name` (a cursor, a message id…). */
  pool(name: string): string | undefined;
  now(): number;
}

export type Part = 'body' | 'query' | 'header';

/**
 * What one request was made of: replaying the same choice makes the same request (given the
 * same world). `fill` keeps every member the world's known body has and takes every other to
 * its limit (a request meant to succeed and store it all); `edge` may take any member to its
 * limit; `over` is an `edge` request with one limit passed by one (a 400 naming it is then the
 * only right answer).
 */
export interface Choice {
  seed: number;
  width: Width;
  noise: boolean;
  kind: 'fill' | 'edge' | 'over';
}

/** How often each kind keeps a value known to work. */
const KEEP = { fill: 1, edge: 0.7, over: 0.5 } as const;

export interface MaximalRequest {
  options: InjectOptions;
  /** The limit passed, when the choice asked for one. */
  over: { part: Part; pointer: string } | undefined;
}

const ID_CHARS = /^[A-Za-z0-9._:-]$/u;
const VISIBLE_ASCII = /^[\x21-\x7e]$/u;

/** One maximal request for `op`. */
export function maximalRequest(
  op: ApiOperation,
  world: MaximalWorld,
  choice: Choice,
): MaximalRequest {
  const random = rng(choice.seed);
  const slots: Record<Part | 'path', Slot[]> = { body: [], query: [], header: [], path: [] };
  const context = (part: Part | 'path'): EdgeContext => ({
    width: choice.width,
    noise: choice.noise,
    random,
    keep: KEEP[choice.kind],
    now: world.now(),
    pool: (name) => world.pool(name),
    slots: slots[part],
  });

  const json = op.bodies['application/json'];
  // A token endpoint also takes the client's credentials in HTTP Basic (RFC 6749 section
  // 2.3.1), with a form body: there they have no schema but must keep their body forms' limits.
  const basic = op.tokenEndpoint && json !== undefined && random() < 0.5;
  const body =
    json && !basic ? edgeValue(json, context('body'), '', '', world.body(op)) : undefined;

  const query: Record<string, unknown> = {};
  for (const param of op.queryParams) {
    // A cursor binds the list's filters: with the filters drawn here it is mostly refused.
    if (random() < (param.name === 'cursor' && choice.kind !== 'over' ? 0.9 : 0.2)) continue;
    const known = world.pool(param.name);
    query[param.name] = edgeValue(
      param.schema ?? {},
      context('query'),
      `/${param.name}`,
      param.name,
      known,
    );
  }

  const header = context('header');
  /** The header values with limits, by name: slots point into this. */
  const limited: Record<string, unknown> = {};
  // Its schema allows visible ASCII only: at its limit in the one width there is.
  const key = op.headerParams.find((p) => p.name === 'Idempotency-Key');
  if (key && random() < 0.7) {
    const ascii = { ...header, width: 1 as const, noise: true };
    limited['Idempotency-Key'] = edgeString(
      key.schema ?? {},
      ascii,
      '/Idempotency-Key',
      '',
      'string',
    );
  }
  if (basic) {
    const members = json?.properties ?? {};
    const known = world.body(op) ?? {};
    limited.Basic = {
      id: edgeValue(members.clientId ?? {}, header, '/Basic/id', 'clientId', known.clientId),
      secret: edgeValue(
        members.clientSecret ?? {},
        header,
        '/Basic/secret',
        '',
        known.clientSecret,
      ),
    };
  }

  let over: MaximalRequest['over'];
  let payload = body;
  if (choice.kind === 'over') {
    const all = (['body', 'query', 'header'] as const).flatMap((part) =>
      slots[part].map((slot) => ({ part, slot })),
    );
    const chosen = all[Math.floor(random() * all.length)];
    if (chosen?.part === 'body') {
      payload = structuredClone(body);
      const pointer = overflow(payload, chosen.slot, (v) => (payload = v));
      over = { part: 'body', pointer };
    } else if (chosen?.part === 'query') {
      over = { part: 'query', pointer: overflow(query, chosen.slot) };
    } else if (chosen?.part === 'header') {
      const pointer = overflow(limited, chosen.slot);
      over = {
        part: 'header',
        pointer: pointer.startsWith('/Basic/') ? '/Authorization' : pointer,
      };
    }
  }

  const credentials = limited.Basic as { id: string; secret: string } | undefined;
  const headers: Record<string, string> = {
    authorization: credentials
      ? `Basic ${Buffer.from(`${pct(credentials.id)}:${pct(credentials.secret)}`).toString('base64')}`
      : `Bearer ${op.admin ? world.tokens.admin : world.tokens.own}`,
    'x-request-id': ascii(header, 128, ID_CHARS),
    ...(op.admin ? { 'x-admin-actor': ascii(header, 100, VISIBLE_ASCII) } : {}),
    ...(limited['Idempotency-Key'] === undefined
      ? {}
      : { 'idempotency-key': limited['Idempotency-Key'] as string }),
    ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    ...(basic ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  };
  const sent = basic
    ? 'grant_type=client_credentials'
    : payload === undefined
      ? undefined
      : JSON.stringify(payload);

  const path = fillPath(
    op.path,
    Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        pct(
          world.path(op, p.name) ?? String(edgeValue(p.schema ?? {}, context('path'), '', p.name)),
        ),
      ]),
    ),
    false,
  );
  return {
    options: {
      method: op.method,
      url: `${path}${queryString(query)}`,
      headers,
      ...(sent === undefined ? {} : { payload: sent }),
    },
    over,
  };
}

/** `length` characters of those `allowed` matches, drawn from printable ASCII. */
function ascii(ctx: EdgeContext, length: number, allowed: RegExp): string {
  return edgeString(
    { maxLength: length },
    { ...ctx, width: 1, noise: true, slots: [] },
    '',
    '',
    undefined,
  ).replace(/./gu, (c) => (allowed.test(c) ? c : 'x'));
}

/** `a=1&metadata[k]=v`: maps as the list filters' deepObject style. */
function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value) pairs.push(`${name}=${pct(String(item))}`);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value))
        pairs.push(`${name}[${pct(key)}]=${pct(String(item))}`);
    } else {
      pairs.push(`${name}=${pct(String(value))}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const unescape = (t: string) => t.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * Passes `slot`'s limit by one in `root` (in place; `replace` takes a new root when the slot is
 * the root itself) and returns the pointer the refusal must name.
 */
export function overflow(root: unknown, slot: Slot, replace?: (value: unknown) => void): string {
  const tokens = slot.pointer === '' ? [] : slot.pointer.slice(1).split('/').map(unescape);
  const last = tokens.pop();
  let parent = root as Record<string, unknown>;
  for (const t of tokens) parent = parent[t] as Record<string, unknown>;
  const get = (): unknown => (last === undefined ? root : parent[last]);
  const set = (value: unknown) => {
    if (last === undefined) replace?.(value);
    else parent[last] = value;
  };
  const value = get();
  /** `text` made one character longer than the limit. */
  const longer = (text: string) =>
    text + ([...text].at(-1) ?? 'x').repeat(Math.max(1, slot.limit + 1 - [...text].length));
  switch (slot.kind) {
    case 'string':
      set(longer(value as string));
      return slot.pointer;
    case 'integer':
      set(slot.limit);
      return slot.pointer;
    case 'array': {
      const items = value as unknown[];
      while (items.length <= slot.limit) items.push(items.at(-1) ?? 'x');
      return slot.pointer;
    }
    case 'map': {
      const map = value as Record<string, unknown>;
      const first = Object.values(map)[0] ?? 'x';
      for (let i = 0; Object.keys(map).length <= slot.limit; i++) map[`zz${i}`] = first;
      return slot.pointer;
    }
    case 'key': {
      // The key itself past its limit (the map keeps its size).
      const key = last!;
      const renamed = longer(key);
      const entries = Object.entries(parent).map(([k, v]) => [k === key ? renamed : k, v] as const);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, v] of entries) parent[k] = v;
      return `${tokens.length ? `/${tokens.map(token).join('/')}` : ''}/${token(renamed)}`;
    }
  }
}
