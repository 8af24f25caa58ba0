import { DuplicateTagError, hasValidCrc, parseTlv } from './br-code.js';

/**
 * Reads a PIX copy-and-paste payload (BR Code, BCB "Manual de Padrões para Iniciação do Pix",
 * Anexo I) back into what a payment needs. Pure; the inverse of br-code.ts's buildBrCode
 * (round-trip tested in test/unit/br-code-parse.test.ts).
 *
 * Only static codes are accepted: a dynamic code (merchant account sub-tag 25, a URL where the
 * receiver's server serves the charge) would need a signed fetch of that URL to know what to
 * pay, which cofre does not do (docs/api.md "PIX payments").
 *
 * Strict about repeats: a tag that appears twice at any level (top level, a merchant account
 * template, the additional data template 62), or two merchant account templates naming
 * br.gov.bcb.pix, is refused. Such a code means different things to readers that take the first
 * copy and readers that take the last (two amounts: 1.00 or 900.00; two keys: who is paid), and
 * a payer must pay what the payee's own app shows.
 */
export interface ParsedBrCode {
  /** The receiver's PIX key as written in the code (sub-tag 01 of the br.gov.bcb.pix template). */
  key: string;
  /** Tag 54 as written (e.g. "100.66"), or null when the payer chooses the amount. */
  amount: string | null;
  merchantName: string;
  merchantCity: string;
  /** Tag 62 sub-tag 05, or null when absent or "***" (no transaction id). */
  txid: string | null;
}

export type BrCodeVerdict =
  { kind: 'valid'; code: ParsedBrCode } | { kind: 'invalid'; why: string };

const PIX_GUI = 'br.gov.bcb.pix';
const AMOUNT = /^[0-9]{1,10}(\.[0-9]{1,2})?$/;

export function parseBrCode(raw: string): BrCodeVerdict {
  const invalid = (why: string): BrCodeVerdict => ({ kind: 'invalid', why });
  // What people paste often ends in a newline; nothing inside a payload may be trimmed.
  const payload = raw.trim();
  if (!/^[\x20-\x7e]+$/.test(payload)) return invalid('it contains characters outside ASCII');
  if (payload.slice(-8, -4) !== '6304') return invalid('it does not end with a CRC field (6304…)');
  if (!hasValidCrc(payload)) return invalid('its CRC16 (tag 63) does not match its content');
  let fields: Map<string, string>;
  try {
    fields = parseTlv(payload);
  } catch (error) {
    if (error instanceof DuplicateTagError) return invalid(`its ${error.message}`);
    return invalid('its fields (ID, length, value) do not parse');
  }
  if (fields.get('00') !== '01') return invalid('its payload format indicator (tag 00) is not 01');
  const currency = fields.get('53');
  if (currency !== '986') return invalid('its currency (tag 53) is not BRL (986)');

  const account = pixAccount(fields);
  if (typeof account === 'string') return invalid(account);
  if (account === undefined) return invalid(`it has no ${PIX_GUI} merchant account (tags 26–51)`);
  if (account.has('25')) {
    return invalid('it is a dynamic code (sub-tag 25, a URL); only static codes can be paid');
  }
  const key = account.get('01');
  if (!key) return invalid('it carries no PIX key (sub-tag 01)');

  const amount = fields.get('54') ?? null;
  if (amount !== null && !AMOUNT.test(amount)) {
    return invalid(`its amount (tag 54) "${amount}" is not a decimal amount`);
  }
  let txid: string | null = null;
  const additional = fields.get('62');
  if (additional !== undefined) {
    try {
      const value = parseTlv(additional).get('05');
      txid = value === undefined || value === '***' ? null : value;
    } catch (error) {
      if (error instanceof DuplicateTagError)
        return invalid(`in its additional data (tag 62), ${error.message}`);
      return invalid('its additional data (tag 62) does not parse');
    }
  }
  return {
    kind: 'valid',
    code: {
      key,
      amount,
      merchantName: fields.get('59') ?? '',
      merchantCity: fields.get('60') ?? '',
      txid,
    },
  };
}

/**
 * The one merchant account template whose GUI (sub-tag 00) is br.gov.bcb.pix: undefined when
 * there is none; a reason (string) when a template that names it does not parse, repeats a
 * sub-tag (two keys), or a second template names it too (two receivers). Other schemes'
 * templates are not read, unless they repeat a sub-tag.
 */
function pixAccount(fields: Map<string, string>): Map<string, string> | string | undefined {
  let found: { id: string; inner: Map<string, string> } | undefined;
  for (let id = 26; id <= 51; id++) {
    const value = fields.get(String(id));
    if (value === undefined) continue;
    let inner: Map<string, string>;
    try {
      inner = parseTlv(value);
    } catch (error) {
      if (error instanceof DuplicateTagError) {
        return `in its merchant account template (tag ${id}), ${error.message}`;
      }
      if (value.toLowerCase().includes(PIX_GUI))
        return 'its merchant account template does not parse';
      continue;
    }
    if (inner.get('00')?.toLowerCase() !== PIX_GUI) continue;
    if (found) return `two merchant account templates (tags ${found.id} and ${id}) name ${PIX_GUI}`;
    found = { id: String(id), inner };
  }
  return found?.inner;
}
