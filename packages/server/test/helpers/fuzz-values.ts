import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations.js';

/** Values worth sending to an HTTP API: odd strings, any JSON, schema-shaped and misshapen. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '🙂',
  '👩‍👩‍👧',
  'ǅ',
  'İ',
  '\r\n',
  '\t',
  '\u0007',
  '\u007f',
  '%00',
  '%',
  '%ZZ',
  '../..',
  '..%2F..',
  "'; DROP TABLE accounts; --",
  '" OR 1=1 --',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(257),
  'x'.repeat(2049),
];

/** `arbitrary` about once in `oneIn` draws, else undefined. */
export function rarely<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: oneIn - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary },
  );
}

/**
 * Characters that take more than one unit somewhere: astral (two UTF-16 units, four UTF-8 bytes),
 * a combining sequence, right-to-left text and its override, emoji with joiners and modifiers.
 * PostgreSQL limits count bytes (a btree entry) while JSON Schema's `maxLength` counts code
 * points, so these are the values where the two disagree.
 */
export const WIDE_TEXT = [
  '𝒳',
  '😀',
  'e\u0301',
  'ﷺ',
  'שלום',
  '\u202eevil\u202c',
  '\u200f',
  '👩🏽‍💻',
  '🇧🇷',
  'ÿ',
  'x',
] as const;

/** `length` characters drawn from `pieces` by a small seeded generator (fast for 100k). */
function noise(seed: number, length: number, pieces: readonly string[]): string {
  let state = seed | 1;
  const out: string[] = [];
  for (let size = 0; size < length;) {
    // xorshift32: a fast-check draw per character would take seconds for 100k of them.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const piece = pieces[(state >>> 0) % pieces.length]!;
    out.push(piece);
    size += piece.length;
  }
  return out.join('');
}

const ALPHANUMERIC = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];

/**
 * A string of 10k–100k UTF-16 units (around and past the body limit): one wide piece repeated,
 * or noise. Noise matters on PostgreSQL: it compresses an index entry before checking its size,
 * so 20 KB of one repeated character fits a btree and 8 KB of noise does not.
 */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 10_000, max: 100_000 }),
    fc.constantFrom(...WIDE_TEXT),
    fc.constantFrom('repeated', 'noise', 'wide noise'),
    fc.integer(),
  )
  .map(([length, piece, kind, seed]) =>
    kind === 'repeated'
      ? piece.repeat(Math.ceil(length / piece.length)).slice(0, length)
      : noise(seed, length, kind === 'noise' ? ALPHANUMERIC : WIDE_TEXT),
  )
  // A cut through a surrogate pair is refused before validation; keep the pairs whole.
  .map((text) => (/[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text));

/** Strings worth sending anywhere: the list above, random unicode, and long ones. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 12_000 }).map((n) => 'ÿ'.repeat(n)) },
  { weight: 1, arbitrary: hugeString },
);

/** Any JSON value, with odd strings among its leaves. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: oddString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      -0,
      Number.MAX_SAFE_INTEGER + 2,
      -1,
      1.5,
      1e308,
      Number.MIN_VALUE,
      [],
      {},
      null,
    ),
  },
);

const ID_PREFIXES = ['acc', 'sub', 'log', 'msg', 'cus', 'cli', 'evt', 'op', 'ben'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Ids that look right and belong to no one. */
export const wellFormedId: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...ID_PREFIXES),
    fc.string({ unit: fc.constantFrom(...CROCKFORD), minLength: 26, maxLength: 26 }),
  )
  .map(([prefix, body]) => `${prefix}_${body}`);

/** Percent-encodes every byte of the UTF-8 form but unreserved ones (lone surrogates included). */
export function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value for `schema`: mostly of the right shape, sometimes of the wrong one. */
export function valueFor(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const wrong = depth > 2 ? fc.constant(null) : anyJson;
  let right: fc.Arbitrary<unknown>;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches?.length) {
    right = fc.oneof(...branches.map((branch) => valueFor(branch, name, depth)));
  } else if (schema.enum?.length) {
    right = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: oddString },
    );
  } else if (type === 'string') {
    right = stringFor(schema, name);
  } else if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? -1_000;
    const max = schema.maximum ?? 1_000;
    right = fc.oneof(
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
      fc.constantFrom(min - 1, max + 1, 0, 1.5, -0, 2 ** 53, 1e21),
    );
  } else if (type === 'boolean') {
    right = fc.boolean();
  } else if (type === 'array') {
    right = fc.array(valueFor(schema.items ?? {}, name, depth + 1), { maxLength: 6 });
  } else if (type === 'object') {
    right = objectFor(schema, depth);
  } else {
    right = anyJson;
  }
  return fc.oneof({ weight: 12, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
          .map((d) => d.toISOString()),
      },
      fc.constantFrom('2024-02-30T00:00:00Z', '0000-00-00T00:00:00Z', '2024-01-01', 'yesterday'),
      oddString,
    );
  }
  if (/url|uri/i.test(name)) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant('https://hooks.example.com/cofre') },
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom(
        'http://hooks.example.com/',
        'https://127.0.0.1/',
        'https://[::1]/',
        'https://[::ffff:127.0.0.1]/',
        'https://169.254.169.254/latest/meta-data',
        'https://0x7f.1/',
        'https://2130706433/',
        'https://user:pw@example.com/',
        'https://example.com:99999/',
        'javascript:alert(1)',
        'file:///etc/passwd',
        'https://ex\u0000ample.com/',
        'https://exämple.com/',
        `https://example.com/${'a'.repeat(2100)}`,
      ),
      oddString,
    );
  }
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 40),
      }),
    },
    { weight: 1, arbitrary: oddString },
    // The longest value the schema allows, of characters wide in bytes: what reaches storage.
    { weight: 1, arbitrary: widestAllowed(schema) },
  );
}

/** `maxLength` code points (or 2,048 when there is none) of a wide piece: the schema's edge. */
function widestAllowed(schema: JsonSchema): fc.Arbitrary<string> {
  const length = schema.maxLength ?? 2_048;
  return fc
    .constantFrom('𝒳', '😀', 'ÿ', 'ש', 'x')
    .map((piece) => piece.repeat(Math.max(length, schema.minLength ?? 0)));
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) {
    model[key] = valueFor(child, key, depth + 1);
  }
  const requiredKeys = (schema.required ?? []).filter((key) => key in model);
  const base = fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  const extra = rarely(fc.dictionary(oddString, anyJson, { minKeys: 1, maxKeys: 3 }), 8);
  return fc.tuple(base, extra).map(([object, more]) => (more ? { ...object, ...more } : object));
}

/** Header values a client could put on the wire (visible ASCII and spaces). */
export const headerText = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('', ' ', 'x'.repeat(300)),
  // Past Node's 16 KiB header limit a real server answers 431 first; inject() lets them through.
  fc
    .tuple(fc.integer({ min: 10_000, max: 40_000 }), fc.integer())
    .map(([length, seed]) => noise(seed, length, ALPHANUMERIC)),
);
