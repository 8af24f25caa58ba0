/**
 * API Pix's values as cofre reads and writes them: a txid from an operation id, amounts as the
 * contract's decimal strings (`\d{1,10}\.\d{2}`, BRL with 2 decimals) and RFC 3339 times.
 */

/** A txid (API Pix TxId, [a-zA-Z0-9]{26,35}): the operation id without its prefix, 26 characters. */
export function txidOf(operationId: string): string {
  const txid = operationId.slice(operationId.indexOf('_') + 1);
  if (!/^[A-Za-z0-9]{26,35}$/.test(txid)) throw new Error(`${operationId} makes no API Pix txid`);
  return txid;
}

/** BRL minor units as API Pix writes an amount: "1250.00". */
export function valorOf(minor: bigint): string {
  if (minor < 0n) throw new RangeError('an API Pix amount is never negative');
  const text = minor.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** An API Pix amount as BRL minor units; undefined when it is not the contract's form. */
export function minorOf(valor: string): bigint | undefined {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(valor);
  return match ? BigInt(match[1]! + match[2]!) : undefined;
}

/** An RFC 3339 time as epoch ms; undefined when it does not parse. */
export function epochOf(time: string): number | undefined {
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? ms : undefined;
}
