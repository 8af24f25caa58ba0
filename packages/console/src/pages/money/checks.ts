import { ASSET_DECIMALS, isAsset } from '../../lib/format.js';

/**
 * What the forms check before sending, so the common slips are explained next to the field at
 * once. The server checks everything again (and names the field when it refuses); these are
 * hints, never the rule.
 */

/** docs/api.md "Money and amounts": digits, optionally a point and at most the asset's decimals. */
export function checkAmount(value: string, asset: string | undefined, required = true) {
  const v = value.trim();
  if (!v) return required ? 'Enter an amount.' : undefined;
  if (!/^\d+(\.\d+)?$/.test(v)) {
    return 'Digits with an optional decimal point, e.g. 1250.00 (no commas, signs or spaces).';
  }
  const decimals = v.split('.')[1]?.length ?? 0;
  if (asset && isAsset(asset) && decimals > ASSET_DECIMALS[asset]) {
    return `${asset} has at most ${ASSET_DECIMALS[asset]} decimals.`;
  }
  if (/^[0.]+$/.test(v)) return 'The amount must be greater than zero.';
  return undefined;
}

export function amountHint(asset: string | undefined): string {
  if (!asset || !isAsset(asset)) return 'A decimal, e.g. 100.00.';
  const d = ASSET_DECIMALS[asset];
  return `${asset}, up to ${d} decimals, e.g. ${d === 2 ? '100.00' : `1.${'0'.repeat(d - 1)}5`}.`;
}

/** A rate or price: digits, optionally a point and at most 12 decimals. */
export function checkPrice(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter a price.';
  if (!/^\d+(\.\d{1,12})?$/.test(v)) return 'A decimal with at most 12 decimals, e.g. 5.40.';
  if (/^[0.]+$/.test(v)) return 'The price must be greater than zero.';
  return undefined;
}

/**
 * Metadata typed as one `key=value` per line (docs/api.md "Metadata"); blank lines are ignored.
 * Answers the pairs, or the first line that is not a pair.
 */
export function parseMetadata(
  text: string,
): { kind: 'ok'; metadata: Record<string, string> | undefined } | { kind: 'bad'; error: string } {
  const metadata: Record<string, string> = {};
  const lines = text.split('\n').filter((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    const at = line.indexOf('=');
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (!key) return { kind: 'bad', error: `Line ${i + 1} is not key=value.` };
    metadata[key] = line.slice(at + 1).trim();
  }
  return { kind: 'ok', metadata: lines.length ? metadata : undefined };
}

/**
 * 1 / rate, rounded up to 12 decimals (what one base costs when the rate is quote → base), with
 * BigInt: a hint for a BUY order's price (docs/api.md "Orders"), never a float.
 */
export function invertRate(rate: string): string | undefined {
  const m = /^(\d+)(?:\.(\d{1,12}))?$/.exec(rate);
  if (!m) return undefined;
  const units = BigInt(m[1]! + (m[2] ?? '').padEnd(12, '0'));
  if (units === 0n) return undefined;
  const scale = 10n ** 24n;
  const q = (scale + units - 1n) / units;
  const whole = q / 10n ** 12n;
  const fraction = (q % 10n ** 12n).toString().padStart(12, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** The key type a PIX key's shape says (docs/api.md "Looking a key up"). */
export function pixKeyTypeOf(key: string): 'EMAIL' | 'PHONE' | 'CPF' | 'CNPJ' | 'EVP' | undefined {
  const k = key.trim();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k)) return 'EVP';
  if (k.includes('@')) return 'EMAIL';
  if (k.startsWith('+')) return 'PHONE';
  if (/^[\d.-]+$/.test(k) && k.replace(/\D/g, '').length === 11) return 'CPF';
  if (/^[\dA-Z./-]+$/i.test(k) && k.replace(/[./-]/g, '').length === 14) return 'CNPJ';
  return undefined;
}

/**
 * An amount of `asset` whose minor units end in 66: the sandbox's magic ending (docs/sandbox.md)
 * for a deposit that never arrives, a withdrawal or PIX payment the rail rejects.
 */
export function magicAmount(asset: string | undefined): string {
  if (asset === 'BTC') return '0.00000066';
  if (asset === 'USDT' || asset === 'USDC') return '1.000066';
  return '100.66';
}

/**
 * An amount of `asset` whose minor units end in 77: held for the back-office (docs/sandbox.md
 * "Practising the back-office"): the simulator leaves it REQUESTED for an operator to settle.
 */
export function heldAmount(asset: string | undefined): string {
  if (asset === 'BTC') return '0.00000077';
  if (asset === 'USDT' || asset === 'USDC') return '1.000077';
  return '100.77';
}

/** A limit price ending in 66 (never fills in the sandbox) on the side that would otherwise fill. */
export function magicLimit(price: string | undefined, side: 'BUY' | 'SELL'): string {
  const whole = price ? BigInt(price.split('.')[0] ?? '0') : undefined;
  if (whole === undefined) return '6.66';
  return `${side === 'BUY' ? whole + 1n : whole > 0n ? whole - 1n : 0n}.66`;
}
