import { randomBytes } from 'node:crypto';

/**
 * The ISPB cofre puts in the end-to-end ids of the PIX transfers it starts. A deployment behind
 * a real PIX participant would use that participant's ISPB; this placeholder is documented in
 * docs/api.md "Withdrawals".
 */
export const PAYER_ISPB = '00000000';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A PIX end-to-end id (BCB "Manual de Padrões para Iniciação do Pix"): `E` + the payer's 8-digit
 * ISPB + `yyyyMMddHHmm` in UTC + 11 alphanumeric characters = 32 characters.
 */
export function newEndToEndId(at: number, ispb: string = PAYER_ISPB): string {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const stamp =
    pad(d.getUTCFullYear(), 4) +
    pad(d.getUTCMonth() + 1) +
    pad(d.getUTCDate()) +
    pad(d.getUTCHours()) +
    pad(d.getUTCMinutes());
  let tail = '';
  for (const byte of randomBytes(11)) tail += ALPHANUMERIC[byte % ALPHANUMERIC.length]!;
  return `E${ispb}${stamp}${tail}`;
}

export const END_TO_END_ID = /^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;
