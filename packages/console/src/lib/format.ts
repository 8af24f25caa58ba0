/**
 * Numbers and times as a person reads them: amounts are the API's exact decimal strings
 * ("1250.00"), grouped and punctuated for the reader's locale without ever becoming a float;
 * times are the API's UTC instants shown in the browser's own time zone.
 */

/** Decimals of each asset (docs/api.md "Money and amounts"); the API always sends them all. */
export const ASSET_DECIMALS = { BRL: 2, USDT: 6, USDC: 6, BTC: 8 } as const;
export type Asset = keyof typeof ASSET_DECIMALS;
export const ASSETS = Object.keys(ASSET_DECIMALS) as Asset[];

export function isAsset(value: string): value is Asset {
  return Object.hasOwn(ASSET_DECIMALS, value);
}

const locale = (): string | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.language;

function separators(): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale()).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/**
 * "1234567.50" → "1,234,567.50" (en) or "1.234.567,50" (pt-BR). The integer part is grouped by
 * BigInt's locale formatting, the fraction is kept digit for digit, padded to the asset's
 * decimals when one is given. Anything that is not a decimal string is returned as it is.
 */
export function formatAmount(amount: string, asset?: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const decimals = asset && isAsset(asset) ? ASSET_DECIMALS[asset] : fraction.length;
  const digits = fraction.padEnd(decimals, '0');
  const { decimal } = separators();
  const grouped = BigInt(whole!).toLocaleString(locale());
  return `${sign}${grouped}${digits ? decimal + digits : ''}`;
}

/** An amount with its asset code: "1,250.00 BRL". */
export function money(amount: string | undefined | null, asset: string | undefined): string {
  if (amount === undefined || amount === null) return '—';
  return `${formatAmount(amount, asset)} ${asset ?? ''}`.trim();
}

/** The reader's time zone, as the browser reports it (e.g. "America/Sao_Paulo"). */
export function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An ISO instant in the reader's zone, to the second: "26/11/2026, 07:52:13". */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(date);
}

/** "3 s ago", "5 min ago": for live lists. */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto', style: 'short' });
  if (Math.abs(seconds) < 60) return rtf.format(-seconds, 'second');
  if (Math.abs(seconds) < 3600) return rtf.format(-Math.round(seconds / 60), 'minute');
  if (Math.abs(seconds) < 86400) return rtf.format(-Math.round(seconds / 3600), 'hour');
  return rtf.format(-Math.round(seconds / 86400), 'day');
}

/**
 * A local date-time input's value ("2026-11-26T07:30") as the UTC ISO instant the API takes.
 * The browser reads the value in the reader's zone.
 */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The reverse, for prefilling a datetime-local input with an instant. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/**
 * A CPF or CNPJ as Brazilians write it: "123.456.789-09", "12.345.678/0001-95". The API sends
 * and takes bare digits; anything else (a masked tax id, a wrong length) is shown as it is.
 */
export function formatTaxId(taxId: string | null | undefined): string {
  if (!taxId) return '—';
  const cpf = /^(\d{3})(\d{3})(\d{3})(\d{2})$/.exec(taxId);
  if (cpf) return `${cpf[1]}.${cpf[2]}.${cpf[3]}-${cpf[4]}`;
  const cnpj = /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/.exec(taxId);
  if (cnpj) return `${cnpj[1]}.${cnpj[2]}.${cnpj[3]}/${cnpj[4]}-${cnpj[5]}`;
  return taxId;
}

/**
 * The exact sum of decimal strings of one asset ("10.50" + "0.25" → "10.75"), through BigInt
 * minor units: a total of balances never passes through a float.
 */
export function sumAmounts(amounts: readonly string[], asset: string): string {
  const decimals = isAsset(asset)
    ? ASSET_DECIMALS[asset]
    : Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
  let total = 0n;
  for (const amount of amounts) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
    if (!match) continue;
    const minor = BigInt(match[2]! + (match[3] ?? '').padEnd(decimals, '0').slice(0, decimals));
    total += match[1] ? -minor : minor;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
