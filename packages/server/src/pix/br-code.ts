/**
 * PIX "copia e cola" payloads (BR Code): EMV® QRCPS-MPM TLV fields as the Banco Central do
 * Brasil's "Manual de Padrões para Iniciação do Pix" (Anexo I) fixes them. Pure; unit-tested
 * against the manual's published example (test/unit/br-code.payload.test.ts).
 *
 * Each field is `<id: 2 digits><length: 2 digits><value>`; the payload ends with the CRC field
 * `6304` + 4 hex digits: CRC16-CCITT (polynomial 0x1021, initial value 0xFFFF, no reflection, no
 * final XOR) over the whole payload including the characters `6304`.
 */

export interface BrCodeInput {
  /** The receiver's PIX key (here a random EVP key, a UUID). */
  key: string;
  /** Decimal amount with a dot, e.g. "100.66"; omitted for a code without an amount. */
  amount?: string;
  merchantName: string;
  merchantCity: string;
  /** Transaction id: up to 25 letters and digits ("***" when none). */
  txid: string;
}

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC16-CCITT-FALSE of `text` (ASCII), as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The EMV payload: merchant account (GUI br.gov.bcb.pix + key), BRL (986), BR, txid, CRC. */
export function buildBrCode(input: BrCodeInput): string {
  const body =
    field('00', '01') + // payload format indicator
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)) +
    field('52', '0000') + // merchant category code: not informed
    field('53', '986') + // currency: BRL (ISO 4217)
    (input.amount === undefined ? '' : field('54', input.amount)) +
    field('58', 'BR') +
    field('59', asciiUpper(input.merchantName, 25)) +
    field('60', asciiUpper(input.merchantCity, 15)) +
    field('62', field('05', input.txid)) +
    '6304';
  return body + crc16(body);
}

/** Names and cities are plain ASCII in the payload, within their maximum lengths. */
function asciiUpper(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .slice(0, max);
}

/** A TLV field that appears twice in one list: which copy a reader takes would change the code's
 *  meaning (two amounts, two keys), so such a list has no meaning and is refused. */
export class DuplicateTagError extends SyntaxError {
  constructor(readonly id: string) {
    super(`tag ${id} appears more than once`);
    this.name = 'DuplicateTagError';
  }
}

/**
 * A TLV list as an ordered map id → value (nested templates are parsed again by the caller).
 * Throws SyntaxError when malformed and DuplicateTagError when an id repeats.
 */
export function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (id.length < 2 || !Number.isInteger(length) || i + 4 + length > payload.length) {
      throw new SyntaxError(`malformed TLV at ${i}`);
    }
    if (fields.has(id)) throw new DuplicateTagError(id);
    fields.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

/** Whether the payload's last four characters are the CRC of everything before them. */
export function hasValidCrc(payload: string): boolean {
  return payload.length > 8 && crc16(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}
