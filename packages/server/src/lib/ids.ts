import { randomBytes } from 'node:crypto';

/**
 * Prefixed, time-sortable ids: `<prefix>_<10 chars time><16 chars randomness>` in Crockford
 * base32 (the ULID layout). Ids made later in one process sort after earlier ones, even within
 * one millisecond, because the random part is incremented instead of redrawn.
 */
export const ID_PREFIXES = {
  customer: 'cus',
  client: 'cli',
  account: 'acc',
  beneficiary: 'ben',
  paymentInstruction: 'pin',
  operation: 'op',
  subscription: 'sub',
  message: 'msg',
  log: 'log',
  job: 'job',
  event: 'evt',
  request: 'req',
  journal: 'jrn',
  entry: 'ent',
  hold: 'hld',
  adminAction: 'adm',
  quote: 'quo',
  sweep: 'swp',
  reconciliation: 'rec',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_CHARS = 16;

let lastTime = -1;
const lastRandom: number[] = new Array<number>(RANDOM_CHARS).fill(0);

function encodeTime(ms: number): string {
  let out = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32]! + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function nextRandom(ms: number): string {
  if (ms === lastTime) {
    // Increment the previous random part so ids stay strictly ordered within a millisecond.
    for (let i = RANDOM_CHARS - 1; i >= 0; i--) {
      if (lastRandom[i]! < 31) {
        lastRandom[i]! += 1;
        break;
      }
      lastRandom[i] = 0;
    }
  } else {
    lastTime = ms;
    const bytes = randomBytes(RANDOM_CHARS);
    // Leave headroom in the top character so increments do not wrap within a millisecond.
    for (let i = 0; i < RANDOM_CHARS; i++) lastRandom[i] = bytes[i]! % (i === 0 ? 16 : 32);
  }
  let out = '';
  for (const v of lastRandom) out += ALPHABET[v]!;
  return out;
}

export function newId(kind: IdKind, nowMs: number = Date.now()): string {
  const ms = Math.max(nowMs, lastTime);
  return `${ID_PREFIXES[kind]}_${encodeTime(ms)}${nextRandom(ms)}`;
}

const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Whether `value` has the shape of an id of `kind` (says nothing about existence). */
export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ID_BODY.test(value.slice(prefix.length));
}
