import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { safeEqual } from './secrets.js';

/**
 * Opaque, tamper-evident page cursors. A cursor names a position in one list (the sort value and
 * id of the boundary row) and the direction it continues in; its MAC also covers the customer
 * and the list's scope (filters and sort order), so a cursor is useless anywhere else.
 *
 * Wire form: base64url(JSON [sortValue, id, direction]) "." base64url(HMAC-SHA256 truncated to 16 bytes).
 */
export const DIRECTIONS = ['NEXT', 'PREVIOUS'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface CursorPosition {
  sortValue: number | string;
  id: string;
  direction: Direction;
}

export interface CursorBinding {
  customerId: string;
  /** Everything about the list that must not change between pages. */
  scope: string;
}

const MAX_CURSOR_LENGTH = 512;

export class CursorCodec {
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    this.key = createSecretKey(key);
  }

  encode(position: CursorPosition, binding: CursorBinding): string {
    const payload = Buffer.from(
      JSON.stringify([position.sortValue, position.id, position.direction === 'NEXT' ? 'N' : 'P']),
    ).toString('base64url');
    return `${payload}.${this.mac(payload, binding)}`;
  }

  /** The position, or undefined when the cursor is malformed, tampered or bound elsewhere. */
  decode(cursor: string, binding: CursorBinding): CursorPosition | undefined {
    if (cursor.length > MAX_CURSOR_LENGTH) return undefined;
    const dot = cursor.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = cursor.slice(0, dot);
    if (!safeEqual(cursor.slice(dot + 1), this.mac(payload, binding))) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [sortValue, id, dir] = parsed as unknown[];
    if (typeof sortValue !== 'number' && typeof sortValue !== 'string') return undefined;
    if (typeof id !== 'string' || (dir !== 'N' && dir !== 'P')) return undefined;
    return { sortValue, id, direction: dir === 'N' ? 'NEXT' : 'PREVIOUS' };
  }

  private mac(payload: string, binding: CursorBinding): string {
    return createHmac('sha256', this.key)
      .update(`cofre.cursor.v1\0${binding.customerId}\0${binding.scope}\0${payload}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
