/**
 * Known defects of API Pix 2.9.0 that make a faithful message fail the document's own schema.
 * Each one is checked before it is patched (in memory only; the file is never changed): when a
 * later release fixes one, the loader throws and names it, so nobody keeps patching a document
 * that no longer needs it, and no patch lands silently on a value it was not written for.
 */
export interface Erratum {
  /** JSON pointer into the document. */
  where: string;
  /** The value 2.9.0 has there. */
  expect: unknown;
  patch: unknown;
  why: string;
}

export const API_PIX_ERRATA: readonly Erratum[] = [
  {
    where: '/components/schemas/PixConsultados/required',
    expect: ['parametros', 'cobs'],
    patch: ['parametros', 'pix'],
    why: 'GET /pix answers {parametros, pix} (the property the schema defines, and its own example getPix1); `cobs` is a slip',
  },
  {
    where: '/components/schemas/PessoaFisica/properties/cpf/pattern',
    expect: '/^\\d{11}$/',
    patch: '^\\d{11}$',
    why: 'a regex literal with its slashes, which no string matches as an ECMA-262 pattern',
  },
];

type Node = Record<string, unknown>;

const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a JSON pointer (RFC 6901), undefined when a step is missing. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const token of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Node)[unescape(decodeURIComponent(token))];
  }
  return node;
}

/** Applies every erratum to `doc` after checking the 2.9.0 value is there; throws naming the first that is not. */
export function applyErrata(doc: unknown, errata: readonly Erratum[] = API_PIX_ERRATA): void {
  for (const erratum of errata) {
    const found = valueAt(doc, erratum.where);
    if (JSON.stringify(found) !== JSON.stringify(erratum.expect)) {
      throw new Error(
        `API Pix erratum at ${erratum.where} no longer applies (${erratum.why}): expected ` +
          `${JSON.stringify(erratum.expect)}, found ${JSON.stringify(found)}. Check the new document and remove or update the erratum.`,
      );
    }
    const tokens = erratum.where.split('/').slice(1);
    const last = unescape(tokens.pop()!);
    (valueAt(doc, '/' + tokens.join('/')) as Node)[last] = erratum.patch;
  }
}
