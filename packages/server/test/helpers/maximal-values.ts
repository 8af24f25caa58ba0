import fc from 'fast-check';
import { isStorableText } from '../../src/lib/storable-text.js';
import type { JsonSchema } from './openapi-operations.js';

/**
 * Values at the edge of what a schema allows, for the maximal fuzz (http.maximal-fuzz.test.ts):
 * every string at its `maxLength` in characters of one UTF-8 width (1, 2, 3 or 4 bytes), either
 * one character repeated or noise (PostgreSQL compresses an index entry before checking its
 * size, so only noise shows what a btree can hold), every array at `maxItems`, every map at
 * `maxProperties` with keys at their own maximum, every integer at a bound. Each limit used is
 * recorded as a slot, so a request can then be sent with exactly one of them passed by one.
 */

export type Width = 1 | 2 | 3 | 4;

/**
 * Code point ranges of each UTF-8 width, as wide as the width allows so that noise has no
 * repeated byte sequences for a compressor to find (no controls; surrogates are skipped).
 */
const RANGES: Record<Width, [number, number]> = {
  1: [0x21, 0x7e],
  2: [0xa1, 0x7ff],
  3: [0x800, 0xffff],
  4: [0x10000, 0x10ffff],
};

/** A limit the generated value reached: where, and what kind of limit. */
export interface Slot {
  pointer: string;
  kind: 'string' | 'key' | 'array' | 'map' | 'integer';
  /** The limit: a length, a count, or the integer bound the value sits at. */
  limit: number;
}

/** A seeded mulberry32 (fast: 65,536 characters of noise per value must cost nothing). */
export function rng(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

export interface EdgeContext {
  width: Width;
  /** Noise (every character drawn) or one character repeated. */
  noise: boolean;
  random: () => number;
  /** How often a known value is kept rather than replaced by one at the limits (0 to 1). */
  keep: number;
  /** The instant requests are made at (date-times are drawn around it). */
  now: number;
  /** Real values by member name (`messageId`…), used for members the known body lacks. */
  pool(name: string): string | undefined;
  slots: Slot[];
}

const pick = <T>(ctx: EdgeContext, items: readonly T[]): T =>
  items[Math.floor(ctx.random() * items.length)]!;

/** RFC 6901 reference token. */
export const token = (name: string): string => name.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * A value of `schema` at its limits. `known` is a value that works (from a body known to
 * succeed): members it has are kept as often as `ctx.keep` says, so requests get past
 * business checks and the maximal values around them reach storage.
 */
export function edgeValue(
  schema: JsonSchema,
  ctx: EdgeContext,
  pointer: string,
  name = '',
  known?: unknown,
): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) {
    return known !== undefined && ctx.random() < ctx.keep ? known : pick(ctx, schema.enum);
  }
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches?.length && !schema.properties) {
    const typed = branches.filter((b) => b.type !== 'null');
    const branch = branchFor(schema, typed.length ? typed : branches, known, ctx);
    return edgeValue(branch, ctx, pointer, name, known);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return edgeObject(schema, ctx, pointer, known);
    case 'array':
      return edgeArray(schema, ctx, pointer, name, known);
    case 'integer':
    case 'number': {
      if (known !== undefined && ctx.random() < ctx.keep) return known;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      const min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
      const value = ctx.random() < 0.7 ? max : min;
      ctx.slots.push({ pointer, kind: 'integer', limit: value === max ? max + 1 : min - 1 });
      return value;
    }
    case 'boolean':
      return ctx.random() < 0.5;
    case 'null':
      return null;
    case 'string':
      if (known !== undefined && ctx.random() < ctx.keep) return known;
      return edgeString(schema, ctx, pointer, name, 'string');
    case undefined:
    default:
      return known ?? null;
  }
}

/** The branch of a oneOf/anyOf to fill: the one `known` takes (its discriminator), else any. */
function branchFor(
  schema: JsonSchema,
  branches: JsonSchema[],
  known: unknown,
  ctx: EdgeContext,
): JsonSchema {
  const tag = schema.discriminator?.propertyName;
  if (tag && known && typeof known === 'object') {
    const value = (known as Record<string, unknown>)[tag];
    const match = branches.find((b) => {
      const member = b.properties?.[tag];
      return member?.const === value || member?.enum?.includes(value);
    });
    if (match) return match;
  }
  return pick(ctx, branches);
}

function edgeObject(
  schema: JsonSchema,
  ctx: EdgeContext,
  pointer: string,
  known: unknown,
): Record<string, unknown> {
  const given = known && typeof known === 'object' ? (known as Record<string, unknown>) : {};
  // A root oneOf/anyOf of constraints (`required` lists, consts, absent members): fill one.
  const rules = schema.oneOf ?? schema.anyOf ?? [];
  const rule = rules.length ? ruleFor(rules, given, ctx) : undefined;
  const required = new Set([...(schema.required ?? []), ...(rule?.required ?? [])]);
  const absent = new Set<string>();
  for (const other of rules) {
    for (const key of other.required ?? []) if (!required.has(key)) absent.add(key);
  }
  for (const [key, member] of Object.entries(rule?.properties ?? {})) {
    if (member.not !== undefined) absent.add(key);
  }
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (absent.has(key)) continue;
    const forced = rule?.properties?.[key];
    const constant = forced?.const ?? forced?.enum?.[0];
    if (constant !== undefined) {
      out[key] = constant;
      continue;
    }
    const has = key in given;
    // A known body names a member `undefined` to say "usually leave it out" (a quote id where
    // any other value is refused).
    if (has && given[key] === undefined && ctx.random() < ctx.keep) continue;
    if (!required.has(key) && !has && ctx.random() < 0.15) continue;
    const value = has ? given[key] : required.has(key) ? ctx.pool(key) : undefined;
    out[key] = edgeValue(child, ctx, `${pointer}/${token(key)}`, key, value);
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && schema.maxProperties !== undefined) {
    ctx.slots.push({ pointer, kind: 'map', limit: schema.maxProperties });
    const names = schema.propertyNames ?? {};
    const keys = new Set<string>();
    for (let i = 0; keys.size < schema.maxProperties && i < schema.maxProperties * 4; i++) {
      keys.add(edgeString(names, ctx, pointer, 'key', undefined));
    }
    const [first] = keys;
    if (first !== undefined && names.maxLength !== undefined) {
      ctx.slots.push({
        pointer: `${pointer}/${token(first)}`,
        kind: 'key',
        limit: names.maxLength,
      });
    }
    for (const key of keys) out[key] = edgeValue(extra, ctx, `${pointer}/${token(key)}`, key);
  }
  return out;
}

/** The constraint branch `given` already satisfies (all its required members present), or any. */
function ruleFor(rules: JsonSchema[], given: Record<string, unknown>, ctx: EdgeContext) {
  const has = (k: string) => given[k] !== undefined;
  const fits = rules.filter(
    (r) =>
      (r.required ?? []).every(has) &&
      Object.entries(r.properties ?? {}).every(([k, s]) =>
        s.not !== undefined ? !has(k) : s.enum === undefined || s.enum.includes(given[k]),
      ),
  );
  return pick(ctx, fits.length && ctx.random() < ctx.keep ? fits : rules);
}

function edgeArray(
  schema: JsonSchema,
  ctx: EdgeContext,
  pointer: string,
  name: string,
  known: unknown,
): unknown[] {
  if (Array.isArray(known) && ctx.random() < ctx.keep) return known;
  const items = schema.items ?? {};
  const count = schema.maxItems ?? Math.max(schema.minItems ?? 0, 3);
  if (schema.maxItems !== undefined)
    ctx.slots.push({ pointer, kind: 'array', limit: schema.maxItems });
  if (items.enum?.length) {
    // Every member once (uniqueItems), as many as allowed.
    const members = [...items.enum].sort(() => ctx.random() - 0.5);
    return members.slice(0, count);
  }
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) out.push(edgeValue(items, ctx, `${pointer}/${i}`, name));
  return out;
}

/** `maxLength` characters that satisfy the schema's pattern and format. */
export function edgeString(
  schema: JsonSchema,
  ctx: EdgeContext,
  pointer: string,
  name: string,
  kind: 'string' | 'key' | undefined,
): string {
  if (kind === 'string' && schema.maxLength !== undefined) {
    ctx.slots.push({ pointer, kind, limit: schema.maxLength });
  }
  const max = schema.maxLength ?? 4_096;
  const min = schema.minLength ?? 0;
  if (schema.format === 'date-time') return edgeDateTime(ctx, max);
  if (/^url$/i.test(name)) return edgeUrl(ctx, max);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  for (const width of [ctx.width, 1] as const) {
    const text = filled(ctx, width, max, pattern);
    if (text !== undefined && text.length >= min && (!pattern || pattern.test(text))) return text;
  }
  // A pattern that no run of single characters fits (`a.b`, `{1,20}` then a suffix): the
  // longest of a few strings drawn to match it.
  const seed = Math.floor(ctx.random() * 2 ** 31);
  const drawn = fc
    .sample(fc.stringMatching(pattern ?? /^.*$/u, { size: 'large' }), { numRuns: 40, seed })
    .filter((s) => [...s].length <= max && [...s].length >= min && isStorableText(s))
    .sort((a, b) => b.length - a.length);
  return drawn[0] ?? 'x'.repeat(Math.max(min, 1));
}

/** `length` code points of one width that each pass `pattern` on their own, or undefined. */
function filled(
  ctx: EdgeContext,
  width: Width,
  length: number,
  pattern: RegExp | undefined,
): string | undefined {
  const [low, high] = RANGES[width];
  const draw = () => {
    for (let tries = 0; tries < 64; tries++) {
      const code = low + Math.floor(ctx.random() * (high - low + 1));
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCodePoint(code);
      if (!pattern || pattern.test(c)) return c;
    }
    return undefined;
  };
  if (!ctx.noise) {
    const c = draw();
    return c === undefined ? undefined : c.repeat(length);
  }
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    const c = draw();
    if (c === undefined) return undefined;
    out.push(c);
  }
  return out.join('');
}

/**
 * RFC 3339 date-times around the limits — a leap second, the years 0000 and 9999, now, an hour
 * ago, a day ahead — in every form the `date-time` format takes (`t`, a space, `z`, offsets of
 * either sign, with or without a colon), padded with fraction digits up to `max`.
 */
function edgeDateTime(ctx: EdgeContext, max: number): string {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  const base = pick(ctx, [
    iso(ctx.now - 3_600_000),
    iso(ctx.now + 86_400_000),
    iso(ctx.now),
    '2016-12-31T23:59:60',
    '0000-01-01T00:00:00',
    '9999-12-31T23:59:59',
    '1970-01-01T00:00:00',
  ]);
  // A leap second is 23:59:60 in UTC only.
  const leap = base.endsWith(':60');
  const offset = pick(
    ctx,
    leap ? ['Z', 'z', '+00:00'] : ['Z', 'z', '+00:00', '-23:59', '+14:00', '+0000'],
  );
  const separator = pick(ctx, ['T', 't', ' ']);
  const digits = Math.max(0, max - base.length - 1 - offset.length);
  const fraction = digits > 0 ? `.${'9'.repeat(digits)}` : '';
  return `${base.slice(0, 10)}${separator}${base.slice(11)}${fraction}${offset}`;
}

/** An https callback URL at `max` characters (a path of the context's width). */
function edgeUrl(ctx: EdgeContext, max: number): string {
  const origin = 'https://hooks.example.com/';
  return origin + (filled(ctx, ctx.width, max - origin.length, /^[^#?%\\/]$/u) ?? '');
}
